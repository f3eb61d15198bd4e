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
import { inTransaction } from '../../db/transaction.ts';
import { recordOrderPortfolio } from '../portfolio/index.ts';
import { postJournalEntry } from '../ledger/index.ts';
import { complianceProfileById } from '../products/index.ts';
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

/**
 * Finance offers a borrower in difficulty a new plan for what they still owe (decision 0110): the
 * principal still owed over `terms`, checked against the compliance profile the order was made
 * under (nominal rate, effective rate, the loan's cost over its life); a plan breaking a cap is
 * refused with each breach. Nothing changes until the borrower accepts it in the app
 * (acceptRestructuring); a newer offer withdraws an older one.
 */
export async function offerRestructuring(
  deps: RestructureDeps,
  actor: string,
  input: { orderId: number; terms: RestructureTerms },
) {
  const now = deps.clock.now();
  const today = calendarDateAt(now, deps.config.lenderTimeZone);
  return inTransaction(deps.db, async (trx) => {
    const account = repayingAccount(
      await findOrderAccount(trx, { orderId: input.orderId }, { lock: true }),
      input.orderId,
    );
    const principalOwed = principalOwedOf(account);
    let plan: NewInstalment[];
    try {
      plan = restructurePlan({ principalOwed, today, terms: input.terms });
    } catch (error) {
      if (error instanceof DomainError)
        throw new MoneyActionRefused('restructureBadTerms', { reason: error.message }, 'invalid');
      throw error;
    }
    const profile = complianceProfileById(account.order.compliance_profile);
    if (profile) {
      const breaches = restructureBreaches(profile, {
        today,
        originalPrincipal: account.order.principal,
        principalOwed,
        costSoFar: costSoFarOf(account),
        instalments: plan,
      });
      if (breaches.length) {
        const money = deps.config.market.money;
        throw new MoneyActionRefused(
          'restructureBreaksCap',
          { breaches: breaches.map((breach) => describeCapBreach(breach, profile, money)).join(' ') },
          'invalid',
        );
      }
    }
    await trx
      .updateTable('order_restructurings')
      .set({ status: 'withdrawn' })
      .where('order_id', '=', input.orderId)
      .where('status', '=', 'offered')
      .execute();
    return trx
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
  });
}

/** The plan on offer to a borrower for their order, or null: what the app's disclosure shows. */
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
  return offer ? { ...offer, plan: JSON.parse(offer.plan_json) as NewInstalment[] } : null;
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
