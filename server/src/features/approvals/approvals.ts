import {
  ConsoleRoles,
  fillMessage,
  mayAct,
  messages,
  moneyActionRequests,
  type ApprovalAction,
  type OperatorRole,
} from '@kwarta/contract';
import type { Kysely } from 'kysely';
import type { Database, Operator } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import {
  postManualRepayment,
  reversePayment,
  reversibleAmount,
  waiveOrderCharge,
  type MoneyActionDeps,
} from '../money-actions/index.ts';
import { audited } from '../operators/index.ts';

export type ApprovalDeps = MoneyActionDeps & {
  config: MoneyActionDeps['config'] & {
    backOffice: { approvalThresholds: Readonly<Record<ApprovalAction, number>> };
  };
};

type Actor = Pick<Operator, 'id' | 'name'> & { role: OperatorRole };

/** Who may propose and approve each action (admin always): the books are finance's. */
export const approvalRoles: Record<ApprovalAction, readonly OperatorRole[]> = {
  manual_repayment: ConsoleRoles.reviewPayments,
  reversal: ConsoleRoles.reviewPayments,
  waiver: ConsoleRoles.reviewPayments,
};

export class ApprovalRefused extends Refusal {}

/** The action itself, in the caller's transaction, by `actor` (`operator:<name>`). */
async function run(deps: MoneyActionDeps, actor: string, action: ApprovalAction, payload: unknown) {
  switch (action) {
    case 'manual_repayment':
      return postManualRepayment(deps, actor, moneyActionRequests.manual_repayment.parse(payload));
    case 'reversal':
      return reversePayment(deps, actor, moneyActionRequests.reversal.parse(payload));
    case 'waiver':
      return waiveOrderCharge(deps, actor, moneyActionRequests.waiver.parse(payload));
  }
}

/** What the threshold is compared with, the subject the audit names, and the request's own key. */
async function describe(db: Kysely<Database>, action: ApprovalAction, payload: unknown) {
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
  }
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
export async function proposeMoneyAction(
  deps: ApprovalDeps,
  operator: Actor,
  action: ApprovalAction,
  payload: unknown,
) {
  assertMay(operator, action);
  const parsed = moneyActionRequests[action].safeParse(payload);
  if (!parsed.success)
    throw Refusal.invalid(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  const about = await describe(deps.db, action, parsed.data);
  const threshold = deps.config.backOffice.approvalThresholds[action];
  if (about.amount <= threshold) {
    return audited(deps, operator, async (trx) => {
      const result = await run(
        { db: trx, clock: deps.clock, config: deps.config },
        `operator:${operator.name}`,
        action,
        parsed.data,
      );
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
 */
export async function approveMoneyAction(deps: ApprovalDeps, operator: Actor, requestId: number) {
  try {
    return await audited(deps, operator, async (trx) => {
      const request = await pendingRequest(trx, requestId);
      if (request.proposed_by_id === operator.id)
        throw new ApprovalRefused('refused', messages.approvalOwnProposal);
      const action = request.action as ApprovalAction;
      assertMay(operator, action);
      const decided = await decide(trx, deps, operator, requestId, 'applied');
      const result = await run(
        { db: trx, clock: deps.clock, config: deps.config },
        `operator:${operator.name}`,
        action,
        JSON.parse(request.payload_json),
      );
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
    });
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
