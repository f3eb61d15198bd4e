import type { FastifyInstance } from 'fastify';
import { endpoints, type ApprovalAction, type OperatorRole } from '@kwarta/contract';
import type { RestructureTerms } from '@kwarta/domain';
import type { Operator } from '../../db/schema.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';
import { previewRestructuring } from '../money-actions/index.ts';
import {
  approveMoneyAction,
  countPendingApprovals,
  listNamedApprovals,
  proposeMoneyAction,
  rejectMoneyAction,
} from './approvals.ts';

/** The signed-in operator as maker-checker's actor. */
export const actorOf = (operator: Operator) => ({
  id: operator.id,
  name: operator.name,
  role: operator.role as OperatorRole,
});

/**
 * The console's money actions and approvals queue (decision 0110): thin handlers over
 * proposeMoneyAction and its approval; the roles are the routes' (finance, admin).
 */
export function consoleMoneyCalls(app: FastifyInstance): void {
  const propose = async (operator: Operator, action: ApprovalAction, payload: unknown) => {
    const outcome = await proposeMoneyAction(app, actorOf(operator), action, payload);
    if (outcome.status === 'pending') {
      return { status: 'pending' as const, requestId: outcome.request.id, orderStatus: null, applied: false };
    }
    return {
      status: 'applied' as const,
      requestId: null,
      orderStatus: 'order' in outcome.result && outcome.result.order ? outcome.result.order.status : null,
      applied: outcome.result.applied,
    };
  };
  registerEndpoint(app, endpoints.consoleManualRepayment, (input, { operator }) =>
    propose(operator, 'manual_repayment', input),
  );
  registerEndpoint(app, endpoints.consoleReversePayment, (input, { operator }) =>
    propose(operator, 'reversal', input),
  );
  registerEndpoint(app, endpoints.consoleWaiveCharge, (input, { operator }) =>
    propose(operator, 'waiver', input),
  );
  const termsOf = ({ orderId, ...terms }: { orderId: number } & RestructureTerms) => ({ orderId, terms });
  registerEndpoint(app, endpoints.consoleRestructurePreview, async (input) => {
    const preview = await previewRestructuring(app, termsOf(input));
    return {
      ...preview,
      needsApproval: preview.principalOwed > app.config.backOffice.approvalThresholds.restructuring,
    };
  });
  registerEndpoint(app, endpoints.consoleOfferRestructuring, (input, { operator }) =>
    propose(operator, 'restructuring', termsOf(input)),
  );
  // Each request names its loan (subject `order:<id>`): reading the queue reads their borrowers.
  registerPersonalDataRead(app, endpoints.consoleApprovals, {
    what: 'money approvals',
    read: async (input) => {
      const rows = await listNamedApprovals(app.db, input.status);
      return {
        items: rows.map((row) => ({
          id: row.id,
          action: row.action as ApprovalAction,
          subject: row.subject,
          subjectName: row.subjectName,
          amount: row.amount,
          payload: JSON.parse(row.payload_json) as Record<string, unknown>,
          status: row.status,
          proposedBy: row.proposed_by_name,
          proposedAt: row.proposed_at,
          decidedBy: row.decided_by_name,
          decidedAt: row.decided_at,
          outcome: row.outcome,
        })),
      };
    },
    subjects: ({ items }) => ({
      orderIds: items.flatMap((item) => /^order:(\d+)$/.exec(item.subject)?.slice(1).map(Number) ?? []),
    }),
  });
  registerEndpoint(app, endpoints.consoleApprovalCount, async () => ({
    pending: await countPendingApprovals(app.db),
  }));
  registerEndpoint(app, endpoints.consoleApproveRequest, async (input, { operator }) => {
    const { request } = await approveMoneyAction(app, actorOf(operator), input.requestId);
    return { requestId: request.id, status: 'applied' as const };
  });
  registerEndpoint(app, endpoints.consoleRejectRequest, async (input, { operator }) => {
    const request = await rejectMoneyAction(app, actorOf(operator), input.requestId, input.reason);
    return { requestId: request.id, status: 'rejected' as const };
  });
}
