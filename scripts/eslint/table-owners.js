import path from 'node:path';

/**
 * Each table has one owner module that alone writes it and reads it as the main table of a query
 * (docs/architecture.md "Owners of tables"); everyone else calls the owner's use cases and read
 * models. A read model may join other owners' tables for the columns it shows: the join is the
 * owner's decision, in the owner's file, and the rows it returns are the owner's read model.
 */
export const tableOwners = {
  borrowers: ['server/src/features/borrowers/', 'server/src/features/data-privacy/'],
  sessions: ['server/src/features/sessions/', 'server/src/features/data-privacy/'],
  orders: [
    'server/src/features/orders/',
    'server/src/features/data-privacy/',
    'server/src/features/money-actions/',
  ],
  order_plan_lines: [
    'server/src/features/orders/',
    'server/src/features/data-privacy/',
    'server/src/features/money-actions/',
    'server/src/features/standard-reports/',
  ],
  order_status_history: ['server/src/features/orders/', 'server/src/features/data-privacy/'],
  order_agreements: ['server/src/features/orders/', 'server/src/features/data-privacy/'],
  order_penalty_accruals: ['server/src/features/orders/', 'server/src/features/data-privacy/'],
  borrower_open_orders: [
    'server/src/features/orders/',
    'server/src/features/data-privacy/',
    'server/src/features/money-actions/',
  ],
  disbursements: [
    'server/src/features/disbursement/',
    'server/src/features/data-privacy/',
    'server/src/features/standard-reports/',
  ],
  products: ['server/src/features/products/'],
  app_ratings: ['server/src/features/order-details/', 'server/src/features/data-privacy/'],
  app_rating_declines: ['server/src/features/order-details/', 'server/src/features/data-privacy/'],
  tracking_events: ['server/src/features/order-details/', 'server/src/features/data-privacy/'],
  payment_accounts: ['server/src/features/bank-binding/', 'server/src/features/data-privacy/'],
  payments: [
    'server/src/features/payments/',
    'server/src/features/data-privacy/',
    'server/src/features/money-actions/',
    'server/src/features/standard-reports/',
  ],
  payment_allocations: [
    'server/src/features/payments/',
    'server/src/features/data-privacy/',
    'server/src/features/money-actions/',
  ],
  borrower_credits: [
    'server/src/features/payments/',
    'server/src/features/data-privacy/',
    'server/src/features/money-actions/',
  ],
  legacy_repayments: ['server/src/features/legacy-repayment/', 'server/src/features/data-privacy/'],
  problems: ['server/src/features/complaints/', 'server/src/features/data-privacy/'],
  problem_images: ['server/src/features/complaints/', 'server/src/features/data-privacy/'],
  manual_repayments: ['server/src/features/money-actions/'],
  payment_reversals: ['server/src/features/money-actions/', 'server/src/features/data-privacy/'],
  order_waivers: ['server/src/features/money-actions/', 'server/src/features/data-privacy/'],
  order_restructurings: ['server/src/features/money-actions/', 'server/src/features/data-privacy/'],
  approval_requests: ['server/src/features/approvals/'],
  problem_types: ['server/src/features/complaints/'],
  channel_templates: ['server/src/features/promotion/'],
  promotion_events: ['server/src/features/promotion/', 'server/src/features/data-privacy/'],
  registrations: ['server/src/features/promotion/', 'server/src/features/data-privacy/'],
  operators: ['server/src/features/operators/'],
  operator_sessions: ['server/src/features/operators/'],
  operator_devices: ['server/src/features/operators/'],
  operator_audit: ['server/src/features/operators/'],
  operator_sign_in_failures: ['server/src/features/operators/'],
  sms_outbox: ['server/src/features/sms/', 'server/src/features/data-privacy/'],
  sms_sends: ['server/src/features/sms/', 'server/src/features/data-privacy/'],
  sms_messages: ['server/src/features/sms/', 'server/src/features/data-privacy/'],
  collection_assignments: ['server/src/features/collections/', 'server/src/features/data-privacy/'],
  collection_contacts: ['server/src/features/collections/', 'server/src/features/data-privacy/'],
  collection_promises: ['server/src/features/collections/', 'server/src/features/data-privacy/'],
  collection_templates: ['server/src/features/collections/'],
  collection_contact_counts: ['server/src/features/collections/', 'server/src/features/data-privacy/'],
  journal_entries: ['server/src/features/ledger/', 'server/src/features/data-privacy/'],
  journal_lines: ['server/src/features/ledger/', 'server/src/features/data-privacy/'],
  portfolio_sums: ['server/src/features/portfolio/'],
  portfolio_order_standings: ['server/src/features/portfolio/', 'server/src/features/data-privacy/'],
  cic_submissions: ['server/src/features/regulatory-reports/'],
  cic_submission_borrowers: ['server/src/features/regulatory-reports/', 'server/src/features/data-privacy/'],
  settings: ['server/src/db/settings-repository.ts'],
  brand_looks: ['server/src/features/brand/'],
  ephemeral_entries: ['server/src/lib/ephemeral/'],
  provider_events: ['server/src/lib/provider-callbacks.ts'],
  job_leases: ['server/src/jobs/'],
  job_runs: ['server/src/jobs/'],
  credit_decision_models: ['server/src/features/credit-decisions/'],
  credit_model_activations: ['server/src/features/credit-decisions/'],
  credit_decisions: ['server/src/features/credit-decisions/', 'server/src/features/data-privacy/'],
  credit_decision_overrides: ['server/src/features/credit-decisions/', 'server/src/features/data-privacy/'],
  identities: ['server/src/features/identity/', 'server/src/features/data-privacy/'],
  identity_images: ['server/src/features/identity/', 'server/src/features/data-privacy/'],
  sanctions_entries: ['server/src/features/sanctions/'],
  screening_hits: ['server/src/features/sanctions/', 'server/src/features/data-privacy/'],
  aml_records: ['server/src/features/aml/', 'server/src/features/data-privacy/'],
  borrower_notes: ['server/src/features/borrower-profile/', 'server/src/features/data-privacy/'],
  // Data privacy (decision 0107). It is also a second owner of every table holding borrower data:
  // its registry (borrower-data-registry.ts) reads them for the export and erases them, by law.
  privacy_policy_versions: ['server/src/features/data-privacy/'],
  privacy_acknowledgements: ['server/src/features/data-privacy/'],
  data_subject_requests: ['server/src/features/data-privacy/'],
  personal_data_access_log: ['server/src/features/data-privacy/'],
  personal_data_file_reads: ['server/src/features/data-privacy/'],
  privacy_breaches: ['server/src/features/data-privacy/'],
  data_export_links: ['server/src/features/data-privacy/'],
  anonymised_borrowers: ['server/src/features/data-privacy/'],
};

/**
 * Areas that read another owner's table as a query's main table without writing it: reports and
 * schedules that scan an owner's rows in bulk, where a read model in the owner's folder would
 * only forward the query (docs/architecture.md "Owners of tables"). Writing stays the owner's.
 */
export const tableReaders = {
  // The AML register checks that a flagged order or payment is the borrower's (aml/flagged-subjects.ts):
  // payments and disbursement call the register when money moves, so it cannot call them back.
  orders: ['server/src/features/portfolio/', 'server/src/features/aml/'],
  order_plan_lines: ['server/src/features/due-reminders/'],
  products: ['server/src/features/orders/', 'server/src/features/due-reminders/'],
  disbursements: ['server/src/features/orders/'],
  // The CIC book reads each window of orders' repayments in one query (orders/cic-book.ts).
  payments: ['server/src/features/orders/', 'server/src/features/aml/'],
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
        const within = (folders) => folders.some((folder) => file === folder || file.startsWith(folder));
        if (within(owners)) return;
        if (callee.property.name === 'selectFrom' && within(tableReaders[table] ?? [])) return;
        context.report({
          node: first,
          message: `Table '${table}' belongs to ${owners.join(', ')}: call its use cases or read models instead of ${callee.property.name}('${table}').`,
        });
      },
    };
  },
};

export const tableOwnersPlugin = { rules: { 'table-owner': tableOwner } };
