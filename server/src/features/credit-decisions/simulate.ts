import {
  addDays,
  calendarDateAt,
  daysBetween,
  evaluateDecision,
  zonedInstant,
  type CompiledModel,
  type DecisionInputs,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { bookForBacktest, type BookOrder } from '../orders/index.ts';
import { findLoanProduct, type LoanProduct } from '../products/index.ts';
import { limitCaps } from './decide-order.ts';
import { inputsFromHistory } from './decision-inputs.ts';

export interface SimulatedModel {
  name: string;
  compiled: CompiledModel;
}

export interface SimulationFigures {
  name: string;
  applications: number;
  approved: number;
  declined: number;
  referred: number;
  /** Approved / applications, 0..1. */
  approvalRate: number;
  /** How often each reason was given (declines and referrals), most frequent first. */
  reasons: { reason: string; count: number }[];
  averageLimit: number | null;
  backtest: {
    /** Applications this model approves that were in fact disbursed: the ones whose fate we know. */
    approvedDisbursed: number;
    approvedDisbursedPrincipal: number;
    /** Of those, principal more than 30 days past due at their worst (or written off), 0..1. */
    par30: number;
    writtenOff: number;
  };
}

export interface Simulation {
  from: string;
  to: string;
  /** Applications whose inputs were stored with their decision; the rest were rebuilt from the book. */
  storedInputs: number;
  replayedInputs: number;
  models: SimulationFigures[];
  tookMs: number;
}

const PAR_DAYS = 30;

/**
 * Decides every application of [from, to] (lender days) again with each model and tells what would
 * have happened (decision 0109): the stored inputs of a decided order as they were, or, for the
 * book from before automatic decisions (seed:history's), inputs rebuilt from the borrower's orders
 * before that application. The back-test looks only at loans that were in fact disbursed: a loan we
 * never paid out has no repayment to learn from.
 */
export async function simulateModels(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { models: SimulatedModel[]; from: string; to: string },
): Promise<Simulation> {
  const started = Date.now();
  const zone = deps.config.lenderTimeZone;
  const fromIso = zonedInstant(input.from, 0, zone).toISOString();
  const toIso = zonedInstant(addDays(input.to, 1), 0, zone).toISOString();
  const byBorrower = new Map<number, BookOrder[]>();
  for await (const page of bookForBacktest(deps.db, { fromIso, toIso })) {
    for (const order of page) {
      const list = byBorrower.get(order.borrowerId);
      if (list) list.push(order);
      else byBorrower.set(order.borrowerId, [order]);
    }
  }
  const stored = await storedInputs(deps.db, fromIso, toIso);
  const products = new Map<number, LoanProduct | undefined>();
  const productOf = async (id: number) => {
    if (!products.has(id)) products.set(id, await findLoanProduct(deps.db, id));
    return products.get(id);
  };
  const today = calendarDateAt(deps.clock.now(), zone);
  const figures = input.models.map((model) => ({ model, tally: newTally(model.name) }));
  let storedCount = 0;
  let replayed = 0;
  for (const orders of byBorrower.values()) {
    for (const order of orders) {
      if (order.appliedAt < fromIso || order.appliedAt >= toIso) continue;
      const loan = await productOf(order.productId);
      if (!loan) continue;
      let inputs = stored.get(order.id);
      if (inputs) storedCount += 1;
      else {
        replayed += 1;
        inputs = inputsFromHistory(
          orders.filter((other) => other.id !== order.id),
          {
            borrowerId: order.borrowerId,
            registeredAt: order.registeredAt,
            productId: order.productId,
            productMaxAmount: loan.product.max_amount,
            amountAsked: order.principal,
            termDaysAsked: order.termDays,
          },
          {
            now: new Date(order.appliedAt),
            timeZone: zone,
            payoutAccountPaidBefore: false,
            complaints: 0,
            sameDeviceBorrowers: 0,
            samePayoutAccountBorrowers: 0,
            // What the identity was as of then is not kept: unknown, as before verification.
            identityStatus: 'unknown',
          },
        );
      }
      const caps = limitCaps(loan, deps.config.compliance?.covers.principalCeilingMinor ?? null);
      const fate = order.disbursedOn ? fateOf(order, today, zone) : null;
      for (const { model, tally } of figures) {
        const decision = evaluateDecision(model.compiled, inputs, caps);
        tally.applications += 1;
        if (decision.outcome === 'approve') {
          tally.approved += 1;
          tally.limitSum += decision.limit!.amount;
          if (fate) {
            tally.backtest.approvedDisbursed += 1;
            tally.backtest.approvedDisbursedPrincipal += order.principal;
            if (fate.par30) tally.par30Principal += order.principal;
            if (fate.writtenOff) tally.backtest.writtenOff += 1;
          }
        } else {
          if (decision.outcome === 'decline') tally.declined += 1;
          else tally.referred += 1;
          for (const reason of decision.reasons)
            tally.reasonCounts.set(reason, (tally.reasonCounts.get(reason) ?? 0) + 1);
        }
      }
    }
  }
  return {
    from: input.from,
    to: input.to,
    storedInputs: storedCount,
    replayedInputs: replayed,
    models: figures.map(({ tally }) => finish(tally)),
    tookMs: Date.now() - started,
  };
}

/** Whether a disbursed loan went more than 30 days past due at its worst, or was written off. */
function fateOf(order: BookOrder, today: string, zone: string) {
  const writtenOff = order.writtenOffAt !== null;
  if (!order.dueDate) return { par30: writtenOff, writtenOff };
  const end = order.settledAt ? calendarDateAt(new Date(order.settledAt), zone) : today;
  return { par30: writtenOff || daysBetween(order.dueDate, end) > PAR_DAYS, writtenOff };
}

async function storedInputs(db: Kysely<Database>, fromIso: string, toIso: string) {
  const rows = await db
    .selectFrom('credit_decisions')
    .select(['order_id', 'inputs'])
    .where('decided_at', '>=', fromIso)
    .where('decided_at', '<', toIso)
    .where('model_hash', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.order_id, JSON.parse(row.inputs) as DecisionInputs]));
}

function newTally(name: string) {
  return {
    name,
    applications: 0,
    approved: 0,
    declined: 0,
    referred: 0,
    limitSum: 0,
    par30Principal: 0,
    reasonCounts: new Map<string, number>(),
    backtest: { approvedDisbursed: 0, approvedDisbursedPrincipal: 0, writtenOff: 0 },
  };
}

function finish(tally: ReturnType<typeof newTally>): SimulationFigures {
  return {
    name: tally.name,
    applications: tally.applications,
    approved: tally.approved,
    declined: tally.declined,
    referred: tally.referred,
    approvalRate: tally.applications ? tally.approved / tally.applications : 0,
    reasons: [...tally.reasonCounts]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    averageLimit: tally.approved ? Math.round(tally.limitSum / tally.approved) : null,
    backtest: {
      ...tally.backtest,
      par30: tally.backtest.approvedDisbursedPrincipal
        ? tally.par30Principal / tally.backtest.approvedDisbursedPrincipal
        : 0,
    },
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The figures side by side, as `npm run decide -- simulate` prints them and the console shows them. */
export function formatSimulation(simulation: Simulation, formatAmount: (minor: number) => string): string {
  const head = [
    `Applications ${simulation.from} to ${simulation.to}: ${simulation.storedInputs + simulation.replayedInputs}` +
      ` (${simulation.storedInputs} with stored inputs, ${simulation.replayedInputs} rebuilt from the book), ${simulation.tookMs} ms`,
  ];
  const rows = simulation.models.map((model) =>
    [
      `${model.name}`,
      `  approved ${model.approved} (${percent(model.approvalRate)}), declined ${model.declined}, referred ${model.referred}`,
      `  average limit ${model.averageLimit === null ? '-' : formatAmount(model.averageLimit)}`,
      `  back-test: ${model.backtest.approvedDisbursed} approved loans were disbursed` +
        ` (${formatAmount(model.backtest.approvedDisbursedPrincipal)}), PAR30 ${percent(model.backtest.par30)},` +
        ` written off ${model.backtest.writtenOff}`,
      `  reasons: ${model.reasons.map((entry) => `${entry.reason} ${entry.count}`).join(', ') || '-'}`,
    ].join('\n'),
  );
  return [...head, ...rows].join('\n');
}
