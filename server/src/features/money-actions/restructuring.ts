import { describeCapBreach } from '@kwarta/contract';
import {
  calendarDateAt,
  DomainError,
  lineOutstanding,
  repayingStatuses,
  restructureBreaches,
  restructuredBalance,
  restructureEntry,
  restructurePlan,
  type NewInstalment,
  type MoneyStyle,
  type RestructureTerms,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordOrderPortfolio } from '../portfolio/index.ts';
import { postJournalEntry } from '../ledger/index.ts';
import { complianceProfileById, profileView } from '../products/index.ts';
import { findOrderAccount, receivablesOwedBy, type OrderAccount } from '../orders/index.ts';
import { MoneyActionRefused, type MoneyActionDeps } from './money-action-refused.ts';
import { writeOrderBalance } from './order-balance-writes.ts';

export type RestructureDeps = MoneyActionDeps & {
  config: MoneyActionDeps['config'] & { market: { money: MoneyStyle } };
};

const principalOwedOf = (account: OrderAccount) =>
  account.balance.lines.reduce((sum, line) => sum + line.principal - line.principalPaid, 0);

/** Charges the loan carried that a restructuring keeps: lines fully paid, what was paid on open ones, penalties, extension fees. */
const costSoFarOf = (account: OrderAccount) =>
  account.balance.lines.reduce(
    (sum, line) => sum + (lineOutstanding(line) > 0 ? line.interestPaid : line.interest),
    0,
  ) +
  account.order.penalty_amount +
  account.order.extension_fees;

function repayingAccount(account: OrderAccount | null, orderId: number): OrderAccount {
  if (!account)
    throw new MoneyActionRefused('moneyActionNotFound', { subject: `Order ${orderId}` }, 'not-found');
  if (!(repayingStatuses as readonly number[]).includes(account.order.status)) {
    throw new MoneyActionRefused('moneyActionOrderNotRepaying', {
      orderId,
      status: account.order.status,
      action: 'restructured',
    });
  }
  return account;
}

/** The new plan for an order's principal still owed on `terms`, and each cap it breaks, in words. */
function planFor(deps: RestructureDeps, account: OrderAccount, terms: RestructureTerms) {
  const today = calendarDateAt(deps.clock.now(), deps.config.lenderTimeZone);
  const principalOwed = principalOwedOf(account);
  let plan: NewInstalment[];
  try {
    plan = restructurePlan({ principalOwed, today, terms });
  } catch (error) {
    if (error instanceof DomainError)
      throw new MoneyActionRefused('restructureBadTerms', { reason: error.message }, 'invalid');
    throw error;
  }
  const profile = complianceProfileById(account.order.compliance_profile);
  const breaches = profile
    ? restructureBreaches(profile, {
        today,
        originalPrincipal: account.order.principal,
        principalOwed,
        costSoFar: costSoFarOf(account),
        instalments: plan,
      }).map((breach) => describeCapBreach(breach, profile, deps.config.market.money))
    : [];
  return { principalOwed, plan, profile: profileView(profile), breaches };
}

/**
 * What a new plan on `terms` would be (decision 0110), writing nothing: the console shows it, and
 * maker-checker compares its principal still owed with the threshold before a request waits on it.
 */
export async function previewRestructuring(
  deps: RestructureDeps,
  input: { orderId: number; terms: RestructureTerms },
) {
  const account = repayingAccount(await findOrderAccount(deps.db, { orderId: input.orderId }), input.orderId);
  const owed = receivablesOwedBy(account);
  const { principalOwed, plan, profile, breaches } = planFor(deps, account, input.terms);
  const interest = plan.reduce((sum, line) => sum + line.interest, 0);
  return {
    principalOwed,
    owedNow: owed.principal + owed.interest + owed.fees + owed.penalty,
    instalments: plan,
    interest,
    total: principalOwed + interest,
    profile,
    breaches,
  };
}

/**
 * Finance offers a borrower in difficulty a new plan for what they still owe (decision 0110): the
 * principal still owed over `terms`, checked against the compliance profile the order was made
 * under (nominal rate, effective rate, the loan's cost over its life); a plan breaking a cap is
 * refused with each breach. Nothing changes until the borrower accepts it in the app
 * (acceptRestructuring); a newer offer withdraws an older one, and the same terms offered again
 * on the same balance answer the offer that stands.
 */
export async function offerRestructuring(
  deps: RestructureDeps,
  actor: string,
  input: { orderId: number; terms: RestructureTerms },
) {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const account = repayingAccount(
      await findOrderAccount(trx, { orderId: input.orderId }, { lock: true }),
      input.orderId,
    );
    const { principalOwed, plan, breaches } = planFor(deps, account, input.terms);
    if (breaches.length)
      throw new MoneyActionRefused('restructureBreaksCap', { breaches: breaches.join(' ') }, 'invalid');
    const standing = await trx
      .selectFrom('order_restructurings')
      .selectAll()
      .where('order_id', '=', input.orderId)
      .where('status', '=', 'offered')
      .executeTakeFirst();
    if (standing && standing.principal_owed === principalOwed && standing.plan_json === JSON.stringify(plan))
      return { restructuring: standing, applied: false as const };
    await trx
      .updateTable('order_restructurings')
      .set({ status: 'withdrawn' })
      .where('order_id', '=', input.orderId)
      .where('status', '=', 'offered')
      .execute();
    const restructuring = await trx
      .insertInto('order_restructurings')
      .values({
        order_id: input.orderId,
        status: 'offered',
        principal_owed: principalOwed,
        plan_json: JSON.stringify(plan),
        terms_json: JSON.stringify(input.terms),
        offered_by: actor,
        offered_at: now.toISOString(),
        accepted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { restructuring, applied: true as const };
  });
}

/** Every new plan offered for an order, newest first: the console's order page. */
export async function orderRestructurings(db: Kysely<Database>, orderId: number) {
  const rows = await db
    .selectFrom('order_restructurings')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    principalOwed: row.principal_owed,
    instalments: JSON.parse(row.plan_json) as NewInstalment[],
    offeredBy: row.offered_by,
    offeredAt: row.offered_at,
    acceptedAt: row.accepted_at,
  }));
}

/**
 * The plan on offer to a borrower for their order, or null: what the app's disclosure shows
 * (decision 0110) beside what the current plan leaves owed, so the borrower sees what changes.
 */
export async function offeredRestructuring(
  deps: Pick<MoneyActionDeps, 'db'>,
  input: { orderId: number; borrowerId: number },
) {
  const offer = await deps.db
    .selectFrom('order_restructurings')
    .innerJoin('orders', 'orders.id', 'order_restructurings.order_id')
    .selectAll('order_restructurings')
    .where('order_restructurings.order_id', '=', input.orderId)
    .where('orders.borrower_id', '=', input.borrowerId)
    .where('order_restructurings.status', '=', 'offered')
    .executeTakeFirst();
  if (!offer) return null;
  const account = await findOrderAccount(deps.db, input);
  if (!account) return null;
  const plan = JSON.parse(offer.plan_json) as NewInstalment[];
  const owed = receivablesOwedBy(account);
  const open = account.balance.lines.filter((line) => lineOutstanding(line) > 0);
  const interest = plan.reduce((sum, line) => sum + line.interest, 0);
  return {
    ...offer,
    plan,
    owedNow: owed.principal + owed.interest + owed.fees + owed.penalty,
    instalmentsLeft: open.length,
    nextDueDate: open[0]?.dueDate ?? null,
    interest,
    total: offer.principal_owed + interest,
  };
}

/**
 * The borrower accepts the new plan's disclosure (decision 0110): under the order's row lock, if
 * it is still on offer and the loan still owes the principal it was offered on, the open lines are
 * closed at what was paid on them, the new instalments added, one entry closes the old plan's
 * receivables and opens the new one's, and the order takes the status its first new instalment
 * calls for (an overdue loan goes back to repaying). A second acceptance answers the first.
 */
export async function acceptRestructuring(
  deps: MoneyActionDeps,
  input: { borrowerId: number; restructuringId: number },
) {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const offer = await trx
      .selectFrom('order_restructurings')
      .selectAll()
      .where('id', '=', input.restructuringId)
      .executeTakeFirst();
    const account = offer
      ? await findOrderAccount(trx, { orderId: offer.order_id, borrowerId: input.borrowerId }, { lock: true })
      : null;
    if (!offer || !account)
      throw new MoneyActionRefused('moneyActionNotFound', { subject: 'This plan' }, 'not-found');
    const current = await trx
      .selectFrom('order_restructurings')
      .selectAll()
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    if (current.status === 'accepted')
      return { restructuring: current, order: account.order, applied: false as const };
    if (current.status !== 'offered') throw new MoneyActionRefused('restructureNotOffered');
    repayingAccount(account, offer.order_id);
    if (principalOwedOf(account) !== offer.principal_owed)
      throw new MoneyActionRefused('restructureLoanChanged', {}, 'conflict');
    const after = restructuredBalance(account.balance, JSON.parse(offer.plan_json) as NewInstalment[]);
    const entry = restructureEntry(
      receivablesOwedBy(account),
      receivablesOwedBy({ order: account.order, balance: after }),
    );
    const actor = `borrower:${input.borrowerId}`;
    const order = await writeOrderBalance(trx, account, after, {
      by: 'restructure',
      actor,
      reason: `new plan ${offer.id} accepted`,
      now,
      timeZone: deps.config.lenderTimeZone,
    });
    await postJournalEntry(trx, entry, {
      eventKey: `restructure:${offer.id}`,
      at: now,
      timeZone: deps.config.lenderTimeZone,
      orderId: account.order.id,
      memo: `new plan ${offer.id} offered by ${offer.offered_by}, accepted by the borrower`,
    });
    await recordOrderPortfolio(trx, account.order.id, deps.config.lenderTimeZone);
    const restructuring = await trx
      .updateTable('order_restructurings')
      .set({ status: 'accepted', accepted_at: now.toISOString() })
      .where('id', '=', offer.id)
      .where('status', '=', 'offered')
      .returningAll()
      .executeTakeFirstOrThrow();
    return { restructuring, order, applied: true as const };
  });
}
