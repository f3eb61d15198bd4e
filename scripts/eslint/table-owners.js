import path from 'node:path';

/**
 * Each table has one owner module that alone writes it and reads it as the main table of a query
 * (docs/architecture.md "Owners of tables"); everyone else calls the owner's use cases and read
 * models. A read model may join other owners' tables for the columns it shows: the join is the
 * owner's decision, in the owner's file, and the rows it returns are the owner's read model.
 */
export const tableOwners = {
  borrowers: ['server/src/features/borrowers/'],
  sessions: ['server/src/features/sessions/'],
  orders: ['server/src/features/orders/'],
  order_plan_lines: ['server/src/features/orders/'],
  order_status_history: ['server/src/features/orders/'],
  order_agreements: ['server/src/features/orders/'],
  order_penalty_accruals: ['server/src/features/orders/'],
  borrower_open_orders: ['server/src/features/orders/'],
  disbursements: ['server/src/features/orders/'],
  products: ['server/src/features/orders/'],
  app_ratings: ['server/src/features/order-details/'],
  app_rating_declines: ['server/src/features/order-details/'],
  tracking_events: ['server/src/features/order-details/'],
  payment_accounts: ['server/src/features/bank-binding/'],
  payments: ['server/src/features/payments/'],
  payment_allocations: ['server/src/features/payments/'],
  borrower_credits: ['server/src/features/payments/'],
  legacy_repayments: ['server/src/features/legacy-repayment/'],
  problems: ['server/src/features/complaints/'],
  problem_images: ['server/src/features/complaints/'],
  problem_types: ['server/src/features/complaints/'],
  channel_templates: ['server/src/features/promotion/'],
  promotion_events: ['server/src/features/promotion/'],
  registrations: ['server/src/features/promotion/'],
  operators: ['server/src/features/operators/'],
  operator_sessions: ['server/src/features/operators/'],
  operator_devices: ['server/src/features/operators/'],
  operator_audit: ['server/src/features/operators/'],
  operator_sign_in_failures: ['server/src/features/operators/'],
  sms_outbox: ['server/src/features/sms/'],
  sms_sends: ['server/src/features/sms/'],
  sms_messages: ['server/src/features/sms/'],
  collection_assignments: ['server/src/features/collections/'],
  collection_contacts: ['server/src/features/collections/'],
  collection_promises: ['server/src/features/collections/'],
  collection_templates: ['server/src/features/collections/'],
  journal_entries: ['server/src/features/ledger/'],
  journal_lines: ['server/src/features/ledger/'],
  cic_submissions: ['server/src/features/regulatory-reports/'],
  settings: ['server/src/db/settings-repository.ts'],
  brand_looks: ['server/src/features/brand/'],
  ephemeral_entries: ['server/src/lib/ephemeral/'],
  provider_events: ['server/src/lib/provider-callbacks.ts'],
  job_leases: ['server/src/jobs/'],
  job_runs: ['server/src/jobs/'],
};

/** Query builder calls whose first argument is the query's own table. */
const OWN_TABLE_CALLS = new Set([
  'selectFrom',
  'updateTable',
  'insertInto',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);

const tableOwner = {
  meta: {
    type: 'problem',
    docs: { description: "Only a table's owner module writes it or reads it as a query's main table." },
    schema: [],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!OWN_TABLE_CALLS.has(callee.property.name)) return;
        const [first] = node.arguments;
        if (!first || first.type !== 'Literal' || typeof first.value !== 'string') return;
        const table = first.value.trim().split(/\s+/)[0];
        const owners = tableOwners[table];
        if (!owners) {
          context.report({
            node: first,
            message: `Table '${table}' has no owner: add it to tableOwners (scripts/eslint/table-owners.js).`,
          });
          return;
        }
        if (owners.some((owner) => file === owner || file.startsWith(owner))) return;
        context.report({
          node: first,
          message: `Table '${table}' belongs to ${owners.join(', ')}: call its use cases or read models instead of ${callee.property.name}('${table}').`,
        });
      },
    };
  },
};

export const tableOwnersPlugin = { rules: { 'table-owner': tableOwner } };
