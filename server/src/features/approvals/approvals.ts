import { createHash } from 'node:crypto';
import {
  ConsoleRoles,
  fillMessage,
  mayAct,
  messages,
  moneyActionRequests,
  type ApprovalAction,
  type OperatorRole,
} from '@kwarta/contract';
import { OrderStatus } from '@kwarta/domain';
import type { Kysely, Selectable } from 'kysely';
import type { ApprovalRequestTable, Database, Operator } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import { withDb } from '../../lib/with-db.ts';
import {
  offerRestructuring,
  postManualRepayment,
  previewRestructuring,
  reversePayment,
  reversibleAmount,
  waiveOrderCharge,
  type RestructureDeps,
} from '../money-actions/index.ts';
import { audited } from '../operators/index.ts';
import { disburseOrderAudited, type DisburseDeps } from '../disbursement/index.ts';
import { findOrderToDisburse, writeOffAudited } from '../orders/index.ts';
import { receivablesByOrder } from '../ledger/index.ts';
import { applyProductChange, describeProductChange, productNames } from '../products/index.ts';

export type ApprovalDeps = RestructureDeps &
  DisburseDeps & {
    config: RestructureDeps['config'] &
      DisburseDeps['config'] & {
        backOffice: { approvalThresholds: Readonly<Record<ApprovalAction, number>> };
      };
  };

type Actor = Pick<Operator, 'id' | 'name'> & { role: OperatorRole };

/** Who may propose and approve each action (admin always): the books are finance's. */
export const approvalRoles: Record<ApprovalAction, readonly OperatorRole[]> = {
  manual_repayment: ConsoleRoles.reviewPayments,
  reversal: ConsoleRoles.reviewPayments,
  waiver: ConsoleRoles.reviewPayments,
  disbursement: ConsoleRoles.disburseOrders,
  write_off: ConsoleRoles.administer,
  restructuring: ConsoleRoles.reviewPayments,
  product_change: ConsoleRoles.administer,
};

export class ApprovalRefused extends Refusal {}

type InTransactionAction = Exclude<ApprovalAction, 'disbursement'>;
type ApprovalRequest = Selectable<ApprovalRequestTable>;

/** What each action answers when applied. */
interface ActionResults {
  manual_repayment: Awaited<ReturnType<typeof postManualRepayment>>;
  reversal: Awaited<ReturnType<typeof reversePayment>>;
  waiver: Awaited<ReturnType<typeof waiveOrderCharge>>;
  disbursement: Awaited<ReturnType<typeof disburse>>;
  write_off: Awaited<ReturnType<typeof writeOff>>;
  restructuring: Awaited<ReturnType<typeof offerRestructuring>>;
  product_change: Awaited<ReturnType<typeof applyProductChange>>;
}
type Applied = ActionResults[ApprovalAction];

/** Applied at once (at or below the threshold), or waiting as a request for a second operator. */
export type Proposal<A extends ApprovalAction> =
  { status: 'applied'; result: ActionResults[A] } | { status: 'pending'; request: ApprovalRequest };

/**
 * The action itself, in the caller's transaction, by `operator`. A write-off keeps the audit row
 * it had before maker-checker (`order.write-off`, by whoever applies it). A disbursement is not
 * here: its payout is an outside call no transaction may hold open (see disburse).
 */
async function run(deps: ApprovalDeps, operator: Actor, action: InTransactionAction, payload: unknown) {
  const actor = `operator:${operator.name}`;
  switch (action) {
    case 'manual_repayment':
      return postManualRepayment(deps, actor, moneyActionRequests.manual_repayment.parse(payload));
    case 'reversal':
      return reversePayment(deps, actor, moneyActionRequests.reversal.parse(payload));
    case 'waiver':
      return waiveOrderCharge(deps, actor, moneyActionRequests.waiver.parse(payload));
    case 'write_off':
      return writeOff(deps, operator, payload);
    case 'restructuring':
      return offerRestructuring(deps, actor, moneyActionRequests.restructuring.parse(payload));
    case 'product_change':
      return applyProductChange(deps, moneyActionRequests.product_change.parse(payload));
  }
}

async function writeOff(deps: ApprovalDeps, operator: Actor, payload: unknown) {
  const { order, writtenOff } = await writeOffAudited(
    deps,
    operator,
    moneyActionRequests.write_off.parse(payload),
  );
  return { applied: true, order, writtenOff };
}

/** The payout, outside any transaction, audited `order.disburse` (or `.refused`) as it always was. */
async function disburse(deps: ApprovalDeps, operator: Actor, payload: unknown) {
  const order = await disburseOrderAudited(deps, operator, moneyActionRequests.disbursement.parse(payload));
  return { applied: true, order };
}

/**
 * A disbursement's or write-off's request key: the order and how many of its requests were
 * decided before, so a double submission keeps one pending request while a new proposal after a
 * rejection (or a refused payout) is a new one.
 */
async function orderActionReference(db: Kysely<Database>, action: ApprovalAction, orderId: number) {
  const decided = await db
    .selectFrom('approval_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('action', '=', action)
    .where('subject', '=', `order:${orderId}`)
    .where('status', '<>', 'pending')
    .executeTakeFirstOrThrow();
  return `order:${orderId}:${Number(decided.n) + 1}`;
}

/**
 * A product change's request key: its product, how many of its requests were decided before and
 * the change itself, so a double submission keeps one pending request and a different change to
 * the same product is a request of its own.
 */
async function productChangeReference(db: Kysely<Database>, subject: string, payload: unknown) {
  const decided = await db
    .selectFrom('approval_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('action', '=', 'product_change')
    .where('subject', '=', subject)
    .where('status', '<>', 'pending')
    .executeTakeFirstOrThrow();
  const digest = createHash('sha256').update(JSON.stringify(payload)).digest('hex').slice(0, 16);
  return `${subject}:${Number(decided.n) + 1}:${digest}`;
}

/** What the threshold is compared with, the subject the audit names, and the request's own key. */
async function describe(deps: ApprovalDeps, action: ApprovalAction, payload: unknown) {
  const { db } = deps;
  switch (action) {
    case 'manual_repayment': {
      const input = moneyActionRequests.manual_repayment.parse(payload);
      return { amount: input.amount, subject: `order:${input.orderId}`, reference: input.reference };
    }
    case 'reversal': {
      const input = moneyActionRequests.reversal.parse(payload);
      const { orderId, amount } = await reversibleAmount(db, input.paymentId);
      return { amount, subject: `order:${orderId}`, reference: `payment:${input.paymentId}` };
    }
    case 'waiver': {
      const input = moneyActionRequests.waiver.parse(payload);
      return {
        amount: input.amount,
        subject: `order:${input.orderId}`,
        reference: `${input.orderId}:${input.reference}`,
      };
    }
    case 'disbursement': {
      const input = moneyActionRequests.disbursement.parse(payload);
      const order = await findOrderToDisburse(db, input.orderId);
      if (!order) throw new ApprovalRefused('not-found', `Order ${input.orderId} does not exist.`);
      // Refused now rather than after a second person's approval.
      if (order.status !== OrderStatus.Approved)
        throw new ApprovalRefused(
          'refused',
          fillMessage(messages.orderTransitionRefused, {
            orderId: input.orderId,
            status: order.status,
            to: OrderStatus.Repaying,
          }),
        );
      return {
        amount: order.principal,
        subject: `order:${input.orderId}`,
        reference: await orderActionReference(db, action, input.orderId),
      };
    }
    case 'write_off': {
      const input = moneyActionRequests.write_off.parse(payload);
      // Checked before a request waits on it, with the write-off's own words.
      const reason = input.reason.trim();
      if (reason.length < 3)
        throw new ApprovalRefused(
          'invalid',
          fillMessage(messages.orderWriteOffNeedsReason, { orderId: input.orderId }),
        );
      // What the books hold for it is what a write-off clears (decision 0099); none: the use
      // case refuses it with its reason.
      const owed = (await receivablesByOrder(db, [input.orderId])).get(input.orderId);
      return {
        amount: owed ? owed.principal + owed.interest + owed.fees + owed.penalty : 0,
        subject: `order:${input.orderId}`,
        reference: await orderActionReference(db, action, input.orderId),
      };
    }
    case 'restructuring': {
      const input = moneyActionRequests.restructuring.parse(payload);
      // A plan breaking a cap is refused now, with its breaches, rather than after a second look.
      const preview = await previewRestructuring(deps, input);
      if (preview.breaches.length)
        throw new ApprovalRefused(
          'invalid',
          fillMessage(messages.restructureBreaksCap, { breaches: preview.breaches.join(' ') }),
        );
      const { instalments, everyDays, firstDue, monthlyBps } = input.terms;
      return {
        amount: preview.principalOwed,
        subject: `order:${input.orderId}`,
        reference: `${await orderActionReference(db, action, input.orderId)}:${instalments}x${everyDays}:${firstDue}:${monthlyBps}`,
      };
    }
    case 'product_change': {
      const input = moneyActionRequests.product_change.parse(payload);
      const about = await describeProductChange(db, input, deps.config);
      return { ...about, reference: await productChangeReference(db, about.subject, input) };
    }
  }
}

/**
 * Whether an action waits for a second operator: its amount against its threshold. What a caller
 * that applies actions itself (the command line) asks before it does, so nothing above a
 * threshold bypasses maker-checker.
 */
export async function approvalNeeded(deps: ApprovalDeps, action: ApprovalAction, payload: unknown) {
  const { amount } = await describe(deps, action, moneyActionRequests[action].parse(payload));
  const threshold = deps.config.backOffice.approvalThresholds[action];
  return { amount, threshold, needed: amount > threshold };
}

function assertMay(operator: Actor, action: ApprovalAction) {
  if (!mayAct(operator.role, approvalRoles[action])) {
    throw new ApprovalRefused(
      'refused',
      fillMessage(messages.approvalWrongRole, {
        action: action.replace('_', ' '),
        roles: approvalRoles[action].join(' or '),
      }),
    );
  }
}

/**
 * Maker-checker (decision 0110): an action at or below its threshold applies at once (the console
 * has already shown the operator a confirmation stating the amount and its effect), audited as
 * `money.<action>`; above it, it waits as a pending request, audited as `approval.propose`, for
 * another operator. Proposing the same request twice (same action and reference) keeps one.
 */
export async function proposeMoneyAction<A extends ApprovalAction>(
  deps: ApprovalDeps,
  operator: Actor,
  action: A,
  payload: unknown,
): Promise<Proposal<A>> {
  // One implementation for every action; each caller gets its own action's answer.
  return (await propose(deps, operator, action, payload)) as Proposal<A>;
}

async function propose(
  deps: ApprovalDeps,
  operator: Actor,
  action: ApprovalAction,
  payload: unknown,
): Promise<Proposal<ApprovalAction>> {
  assertMay(operator, action);
  const parsed = moneyActionRequests[action].safeParse(payload);
  if (!parsed.success)
    throw Refusal.invalid(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  const about = await describe(deps, action, parsed.data);
  const threshold = deps.config.backOffice.approvalThresholds[action];
  if (about.amount <= threshold) {
    if (action === 'disbursement' || action === 'write_off') {
      // Audited by the order's own use case (`order.disburse`, `order.write-off`), as before.
      const result =
        action === 'disbursement'
          ? await disburse(deps, operator, parsed.data)
          : await run(deps, operator, action, parsed.data);
      return { status: 'applied' as const, result };
    }
    return audited(deps, operator, async (trx) => {
      const result = await run(withDb(deps, trx), operator, action, parsed.data);
      return {
        result: { status: 'applied' as const, result },
        audit: {
          action: `money.${action}`,
          subject: about.subject,
          before: null,
          after: { ...parsed.data, amount: about.amount },
        },
      };
    });
  }
  return audited(deps, operator, async (trx) => {
    const now = deps.clock.now().toISOString();
    const inserted = await trx
      .insertInto('approval_requests')
      .values({
        action,
        reference: about.reference,
        subject: about.subject,
        amount: about.amount,
        payload_json: JSON.stringify(parsed.data),
        status: 'pending',
        proposed_by_id: operator.id,
        proposed_by_name: operator.name,
        proposed_at: now,
        decided_by_id: null,
        decided_by_name: null,
        decided_at: null,
      })
      .onConflict((oc) => oc.columns(['action', 'reference']).doNothing())
      .returningAll()
      .executeTakeFirst();
    const request =
      inserted ??
      (await trx
        .selectFrom('approval_requests')
        .selectAll()
        .where('action', '=', action)
        .where('reference', '=', about.reference)
        .executeTakeFirstOrThrow());
    return {
      result: { status: 'pending' as const, request },
      audit: {
        action: 'approval.propose',
        subject: about.subject,
        before: null,
        after: { requestId: request.id, action, amount: about.amount, threshold, repeated: !inserted },
      },
    };
  });
}

/**
 * A second operator approves a pending request: never its proposer, only a role allowed to make
 * the action. The request moves pending → applied by a conditional update and the action runs in
 * the same transaction, so two approvers at once apply it once. An action its order's state now
 * refuses leaves the request refused, with the reason, and changes nothing else.
 *
 * A disbursement's payout cannot run in a transaction: the conditional update commits first (so
 * only one approver pays it out), then the payout runs as a console disbursement does, and a
 * refusal then (the order's state, a missing payout account) marks the request refused after all.
 */
export async function approveMoneyAction(deps: ApprovalDeps, operator: Actor, requestId: number) {
  try {
    const approved = await audited<{ request: ApprovalRequest; result: Applied | null }>(
      deps,
      operator,
      async (trx) => {
        const request = await pendingRequest(trx, requestId);
        if (request.proposed_by_id === operator.id)
          throw new ApprovalRefused('refused', messages.approvalOwnProposal);
        const action = request.action as ApprovalAction;
        assertMay(operator, action);
        const decided = await decide(trx, deps, operator, requestId, 'applied');
        if (action === 'disbursement') {
          return {
            result: { request: decided, result: null },
            audit: {
              action: 'approval.approve',
              subject: request.subject,
              before: { requestId, action, amount: request.amount, proposedBy: request.proposed_by_name },
              after: { status: 'applied' },
            },
          };
        }
        const result = await run(withDb(deps, trx), operator, action, JSON.parse(request.payload_json));
        await trx
          .updateTable('approval_requests')
          .set({ outcome: JSON.stringify({ applied: result.applied }) })
          .where('id', '=', requestId)
          .execute();
        return {
          result: { request: decided, result },
          audit: {
            action: 'approval.approve',
            subject: request.subject,
            before: { requestId, action, amount: request.amount, proposedBy: request.proposed_by_name },
            after: { status: 'applied' },
          },
        };
      },
    );
    if (approved.result !== null) return { request: approved.request, result: approved.result };
    try {
      const result = await disburse(deps, operator, JSON.parse(approved.request.payload_json));
      return { request: approved.request, result };
    } catch (error) {
      if (error instanceof Refusal) {
        await deps.db
          .updateTable('approval_requests')
          .set({ status: 'refused', outcome: error.message })
          .where('id', '=', requestId)
          .where('status', '=', 'applied')
          .execute();
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof Refusal && !(error instanceof ApprovalRefused) && error.reason !== 'not-found') {
      await audited(deps, operator, async (trx) => {
        await pendingRequest(trx, requestId);
        await decide(trx, deps, operator, requestId, 'refused', error.message);
        return {
          result: null,
          audit: {
            action: 'approval.refused',
            subject: `approval:${requestId}`,
            before: null,
            after: { reason: error.message },
          },
        };
      }).catch(() => undefined);
    }
    throw error;
  }
}

/** The proposer withdraws, or another operator rejects, a pending request; nothing is applied. */
export async function rejectMoneyAction(
  deps: ApprovalDeps,
  operator: Actor,
  requestId: number,
  reason: string,
) {
  return audited(deps, operator, async (trx) => {
    const request = await pendingRequest(trx, requestId);
    if (request.proposed_by_id !== operator.id) assertMay(operator, request.action as ApprovalAction);
    const decided = await decide(trx, deps, operator, requestId, 'rejected', reason.trim().slice(0, 500));
    return {
      result: decided,
      audit: {
        action: 'approval.reject',
        subject: request.subject,
        before: null,
        after: { requestId, reason: reason.trim() },
      },
    };
  });
}

async function pendingRequest(trx: Kysely<Database>, requestId: number) {
  const request = await trx
    .selectFrom('approval_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!request) throw new ApprovalRefused('not-found', `Request ${requestId} does not exist.`);
  if (request.status !== 'pending') {
    throw new ApprovalRefused(
      'conflict',
      fillMessage(messages.approvalNotPending, { requestId, status: request.status }),
    );
  }
  return request;
}

async function decide(
  trx: Kysely<Database>,
  deps: Pick<ApprovalDeps, 'clock'>,
  operator: Actor,
  requestId: number,
  status: 'applied' | 'rejected' | 'refused',
  outcome = '',
) {
  const decided = await trx
    .updateTable('approval_requests')
    .set({
      status,
      decided_by_id: operator.id,
      decided_by_name: operator.name,
      decided_at: deps.clock.now().toISOString(),
      outcome,
    })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!decided)
    throw new ApprovalRefused(
      'conflict',
      fillMessage(messages.approvalNotPending, { requestId, status: 'decided' }),
    );
  return decided;
}

/** The pending approvals queue, oldest first (and the decided ones, newest first, for the record). */
export function listApprovals(db: Kysely<Database>, status: 'pending' | 'decided' = 'pending', limit = 100) {
  const query = db.selectFrom('approval_requests').selectAll().limit(limit);
  return status === 'pending'
    ? query.where('status', '=', 'pending').orderBy('id').execute()
    : query.where('status', '<>', 'pending').orderBy('id', 'desc').execute();
}

/**
 * The queue as an operator reads it: each request with what it is about in words ("Order 12",
 * "Product Kwarta Flex", "New product Kwarta Max") rather than its key (`product:6`). A product
 * is named as it is now; an edit's new name is in the request's details.
 */
export async function listNamedApprovals(db: Kysely<Database>, status: 'pending' | 'decided' = 'pending') {
  const rows = await listApprovals(db, status);
  const products = rows.some((row) => row.action === 'product_change')
    ? new Map((await productNames(db)).map((product) => [product.id, product.name]))
    : new Map<number, string>();
  return rows.map((row) => ({ ...row, subjectName: subjectName(row, products) }));
}

function subjectName(request: ApprovalRequest, products: ReadonlyMap<number, string>): string {
  const [kind = '', id = ''] = request.subject.split(':');
  if (kind === 'order') return `Order ${id}`;
  if (kind !== 'product') return request.subject;
  if (id === 'new') {
    const change = moneyActionRequests.product_change.safeParse(JSON.parse(request.payload_json));
    return change.success && change.data.op === 'create'
      ? `New product ${change.data.terms.name}`
      : 'New product';
  }
  return `Product ${products.get(Number(id)) ?? id}`;
}

/** How many requests wait: the console menu's count, which names no order and so reads no borrower. */
export async function countPendingApprovals(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('approval_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
