import { useState } from 'react';
import { consoleCalls, type ApprovalAction, type ProductChangeOp } from '@kwarta/contract';
import type { DataOf } from '../../lib/api-client.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money, percentOfBps, when } from '../format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

type Request = DataOf<typeof consoleCalls.consoleApprovals>['items'][number];
type Decision = { kind: 'approve' | 'reject' | 'withdraw'; request: Request };

export const approvalActionLabels: Record<ApprovalAction, string> = {
  manual_repayment: 'Manual repayment',
  reversal: 'Reversal',
  waiver: 'Waiver',
  disbursement: 'Disbursement',
  write_off: 'Write-off',
  restructuring: 'New plan',
  product_change: 'Product change',
};

const decisionTitles = {
  approve: ['Confirm the approval', 'Approve and apply'],
  reject: ['Confirm the rejection', 'Reject'],
  withdraw: ['Withdraw your request', 'Withdraw'],
} as const;

/** The row's buttons: the proposer may only withdraw; anyone else approves or rejects. */
const decisionButtons = { approve: 'Approve', reject: 'Reject', withdraw: 'Withdraw' } as const;

const orderOf = (request: Request) => /^order:(\d+)$/.exec(request.subject)?.[1] ?? null;

/** What a request is about, by name, linked to where it is kept: its order's page, or Products. */
function Subject({ request }: { request: Request }) {
  const order = orderOf(request);
  if (order) return <a href={`#/order/${order}`}>{request.subjectName}</a>;
  if (request.action === 'product_change') return <a href="#/products">{request.subjectName}</a>;
  return <>{request.subjectName}</>;
}

/** How long a request has waited, in the largest unit that says it ('3 h 20 min', '2 days'). */
function waited(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  const days = Math.floor(minutes / (24 * 60));
  return days === 1 ? '1 day' : `${days} days`;
}

/** What the request would do, from what was proposed (the payload the server keeps). */
function details(request: Request): string {
  const payload = request.payload;
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
  switch (request.action) {
    case 'manual_repayment':
      return `${text('channel').replace('_', ' ')} on ${text('receivedOn')}, reference ${text('reference')}`;
    case 'reversal':
      return `payment ${String(payload.paymentId)}: ${text('reason')}`;
    case 'waiver':
      return `${text('charge') === 'charges' ? 'interest and fees' : 'penalty'}: ${text('reason')}`;
    case 'disbursement':
      return 'pay the loan out to the borrower';
    case 'write_off':
      return text('reason');
    case 'restructuring': {
      const terms = (payload.terms ?? {}) as Partial<
        Record<'instalments' | 'everyDays' | 'firstDue' | 'monthlyBps', unknown>
      >;
      return `${String(terms.instalments)} instalments every ${String(terms.everyDays)} days from ${String(terms.firstDue)}, ${Number(terms.monthlyBps) / 100}% a month`;
    }
    case 'product_change':
      return productChangeText(payload);
  }
}

const productChangeOps: Record<ProductChangeOp, string> = {
  create: 'Create',
  edit: 'Edit',
  pause: 'Pause',
  resume: 'Resume',
  retire: 'Retire',
};

/** A product change as the approver reads it: the operation and its figures (Subject names the product). */
function productChangeText(payload: Record<string, unknown>): string {
  const terms = payload.terms as
    { name: string; minAmount: number; maxAmount: number; termDays: number; termRateBps: number } | undefined;
  const what = productChangeOps[payload.op as ProductChangeOp];
  if (!terms) return what;
  return `${what}: ${terms.name}, ${money(terms.minAmount)} – ${money(terms.maxAmount)}, ${terms.termDays} days, ${percentOfBps(terms.termRateBps)}% for the term`;
}

/** What approving does, in plain words, for the confirmation. */
function effect(request: Request): string {
  const order = orderOf(request);
  const amount = money(request.amount);
  switch (request.action) {
    case 'manual_repayment':
      return `${amount} received outside a provider is applied to order ${order}, oldest instalment first.`;
    case 'reversal':
      return `${amount} is taken back from order ${order}: what it paid is owed again.`;
    case 'waiver':
      return `${amount} is waived on order ${order}: the borrower no longer owes it.`;
    case 'disbursement':
      return `${amount} is sent to the borrower of order ${order}, and the loan starts.`;
    case 'write_off':
      return `Everything order ${order} still owes, ${amount}, is written off and collections stop.`;
    case 'restructuring':
      return `A new plan for the ${amount} of principal order ${order} still owes is offered to the borrower; it replaces the unpaid instalments only when they accept it in the app.`;
    case 'product_change':
      return `The change to ${request.subjectName} applies now: borrowers may borrow up to ${amount} on its terms.`;
  }
}

/**
 * `#/approvals` (decision 0110): money actions above their threshold wait here for a second
 * operator. Another operator approves (it is applied then) or rejects with a reason; the
 * proposer can only withdraw their own. Each through a confirmation stating what it does.
 */
export function ApprovalsSection({ me, onChanged }: { me: string; onChanged: () => void }) {
  const pending = useApiQuery(consoleCall, consoleCalls.consoleApprovals, { status: 'pending' });
  const decided = useApiQuery(consoleCall, consoleCalls.consoleApprovals, { status: 'decided' });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState('');

  async function confirm() {
    if (!decision) return;
    setBusy(true);
    const requestId = String(decision.request.id);
    const result =
      decision.kind === 'approve'
        ? await consoleCall(consoleCalls.consoleApproveRequest, { requestId })
        : await consoleCall(consoleCalls.consoleRejectRequest, {
            requestId,
            reason: decision.kind === 'withdraw' ? 'withdrawn by the proposer' : reason,
          });
    setBusy(false);
    const done = { approve: 'approved and applied', reject: 'rejected', withdraw: 'withdrawn' }[
      decision.kind
    ];
    setOutcome(result.success ? `Request ${requestId} ${done}.` : result.message);
    setDecision(null);
    setReason('');
    pending.reload();
    decided.reload();
    onChanged();
  }

  const items = pending.data?.items ?? [];
  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">Approvals</h1>
      <p>
        Money actions above their threshold wait here until a second operator approves them. Nobody approves
        their own.
      </p>
      {pending.error ? <p role="alert">{pending.error}</p> : null}
      <p role="status">{outcome}</p>
      <table aria-busy={pending.fetching}>
        <caption>Waiting for approval, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col">Action</th>
            <th scope="col">Subject</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Details</th>
            <th scope="col">Proposed by</th>
            <th scope="col">Waiting</th>
            <th scope="col">Decide</th>
          </tr>
        </thead>
        <tbody>
          {items.map((request) => {
            const mine = request.proposedBy === me;
            return (
              <tr key={request.id}>
                <td>{request.id}</td>
                <td>{approvalActionLabels[request.action]}</td>
                <td>
                  <Subject request={request} />
                </td>
                <td className="num">{money(request.amount)}</td>
                <td>{details(request)}</td>
                <td>{mine ? `${request.proposedBy} (you)` : request.proposedBy}</td>
                <td title={when(request.proposedAt)}>{waited(request.proposedAt)}</td>
                <td>
                  <span className="row-actions">
                    {(mine ? (['withdraw'] as const) : (['approve', 'reject'] as const)).map((kind) => (
                      <button
                        key={kind}
                        type="button"
                        aria-label={`${decisionButtons[kind]} request ${request.id}`}
                        onClick={() => setDecision({ kind, request })}
                      >
                        {decisionButtons[kind]}
                      </button>
                    ))}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pending.data && items.length === 0 ? <p>Nothing waits for approval.</p> : null}
      <table aria-busy={decided.fetching}>
        <caption>Decided, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col">Action</th>
            <th scope="col">Subject</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Proposed by</th>
            <th scope="col">Decision</th>
            <th scope="col">By</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {(decided.data?.items ?? []).map((request) => (
            <tr key={request.id}>
              <td>{request.id}</td>
              <td>{approvalActionLabels[request.action]}</td>
              <td>
                <Subject request={request} />
              </td>
              <td className="num">{money(request.amount)}</td>
              <td>{request.proposedBy}</td>
              <td>
                {request.status}
                {request.status !== 'applied' && request.outcome ? ` · ${request.outcome}` : ''}
              </td>
              <td>{request.decidedBy ?? '—'}</td>
              <td>{request.decidedAt ? when(request.decidedAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={decision !== null}
        title={decision ? decisionTitles[decision.kind][0] : ''}
        confirmLabel={decision ? decisionTitles[decision.kind][1] : ''}
        busy={busy}
        disabled={decision?.kind === 'reject' && reason.trim().length < 3}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setDecision(null);
          setReason('');
        }}
      >
        {decision ? (
          <>
            <p>
              {approvalActionLabels[decision.request.action]} of{' '}
              <strong>{money(decision.request.amount)}</strong> for {decision.request.subjectName} proposed by{' '}
              {decision.request.proposedBy} (request {decision.request.id}).
            </p>
            <p>
              {decision.kind === 'approve'
                ? `${effect(decision.request)} It is applied as soon as you approve.`
                : 'Nothing is applied: the request is closed.'}
            </p>
            {decision.kind === 'reject' ? (
              <label>
                Reason (3 to 500 characters)
                <textarea
                  data-autofocus=""
                  rows={2}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              </label>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
