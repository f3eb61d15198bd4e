import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  evaluateDecision,
  offeredLimit,
  type Decision,
  type DecisionInputs,
  type LimitCaps,
} from '@kwarta/domain';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Borrower } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import { approveOrder, findOrderToDecide, rejectOrder, TransitionRefused } from '../orders/index.ts';
import { loanProductOf, type LoanProduct } from '../products/index.ts';
import { decidingModels, type StoredModel } from './decision-models.ts';
import { gatherDecisionInputs } from './decision-inputs.ts';

export type DecideDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

/** The history row's actor: which model version decided, so the order's history names it. */
export const modelActor = (versionHash: string) => `credit-model:${versionHash.slice(0, 12)}`;

/** What caps any limit: the product's maximum amount and term, and the compliance ceiling it keeps inside. */
export function limitCaps(loan: LoanProduct, ceiling: number | null): LimitCaps {
  return {
    productMaxAmount: loan.product.max_amount,
    productMaxTermDays: loan.rules.term.maxDays,
    complianceMaxAmount: ceiling !== null && loan.product.max_amount <= ceiling ? ceiling : null,
  };
}

const capsFor = (config: DecideDeps['config'], loan: LoanProduct) =>
  limitCaps(loan, config.compliance?.covers.principalCeilingMinor ?? null);

/**
 * The most the confirmation page offers this borrower on this product: the lower of the limits the
 * active model and its challenger would give (either may decide the push), as if the product's
 * maximum were asked. Null when no model has an approving row for them, or the preview fails: the page then shows
 * the product's own offer and the push's decision says why.
 */
export async function borrowerLimit(
  deps: DecideDeps,
  borrower: Pick<Borrower, 'id' | 'created_at'>,
  loan: LoanProduct,
): Promise<Decision['limit']> {
  const { db, clock, config } = deps;
  const now = clock.now();
  try {
    const models = await decidingModels(db, now, loan.product.id);
    const inputs = await gatherDecisionInputs(
      db,
      {
        borrowerId: borrower.id,
        registeredAt: borrower.created_at,
        orderId: null,
        productId: loan.product.id,
        productMaxAmount: loan.product.max_amount,
        amountAsked: loan.product.max_amount,
        termDaysAsked: loan.rules.term.maxDays,
      },
      { now, timeZone: config.lenderTimeZone },
    );
    const limits = [models.active, models.challenger]
      .map((model) => model && offeredLimit(model.compiled, inputs, capsFor(config, loan)))
      .filter((limit) => limit != null);
    if (limits.length === 0) return null;
    return {
      amount: Math.min(...limits.map((limit) => limit.amount)),
      termDays: Math.min(...limits.map((limit) => limit.termDays)),
    };
  } catch {
    return null;
  }
}

/** A challenger decides a stable share of applications: the same order always lands on the same side. */
function challengerTakes(orderId: number, shareBps: number): boolean {
  const bucket = createHash('sha256').update(`order:${orderId}`).digest().readUInt32BE(0) % 10_000;
  return bucket < shareBps;
}

export interface RecordedDecision extends Decision {
  orderId: number;
  modelHash: string | null;
  inputs: DecisionInputs | null;
  tookMicros: number;
  error: string | null;
}

/**
 * Decides a pushed order by the active model (the product's own, else the general one) or its
 * challenger, for its share, and applies it
 * (decision 0109): approve → 151, decline → 110 with the reasons in the history, refer → stays in
 * 21 for an officer. Runs right after the push's transaction, in the same request. The decision row
 * (unique per order) and the status move commit together, so a retry or a second instance decides
 * once. Anything that fails before the rules have spoken (a read, a stored model that no longer
 * validates, an expression over a missing input) refers the order: a failure never approves.
 */
export async function decidePushedOrder(
  deps: DecideDeps,
  orderId: number,
  borrower: Pick<Borrower, 'id' | 'created_at'>,
): Promise<RecordedDecision | null> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const started = performance.now();
  let model: StoredModel | null = null;
  let challenger = false;
  let inputs: DecisionInputs | null = null;
  let decision: Decision;
  let error: string | null = null;
  // Three reads, each one prepared statement: the order with its product, the deciding versions,
  // then every input in one (decision 0109, "Speed").
  const order = await findOrderToDecide(db, orderId);
  if (!order || order.borrowerId !== borrower.id) return null;
  try {
    const loan = loanProductOf(order.product);
    const models = await decidingModels(db, now, loan.product.id);
    challenger = models.challenger !== null && challengerTakes(orderId, models.challenger.shareBps);
    model = challenger ? models.challenger! : models.active;
    inputs = await gatherDecisionInputs(
      db,
      {
        borrowerId: order.borrowerId,
        registeredAt: borrower.created_at,
        orderId,
        productId: loan.product.id,
        productMaxAmount: loan.product.max_amount,
        amountAsked: order.principal,
        termDaysAsked: order.termDays,
      },
      { now, timeZone: config.lenderTimeZone },
    );
    decision = evaluateDecision(model.compiled, inputs, capsFor(config, loan));
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    decision = { outcome: 'refer', reasons: ['decision_failed'], limit: null, trace: [] };
  }
  const tookMicros = Math.round((performance.now() - started) * 1000);
  const recorded: RecordedDecision = {
    ...decision,
    orderId,
    modelHash: model?.versionHash ?? null,
    inputs,
    tookMicros,
    error,
  };
  try {
    await inTransaction(db, async (trx) => {
      await trx
        .insertInto('credit_decisions')
        .values({
          order_id: orderId,
          borrower_id: order.borrowerId,
          model_id: model?.id ?? null,
          model_hash: model?.versionHash ?? null,
          challenger: challenger ? 1 : 0,
          inputs: JSON.stringify(inputs ?? {}),
          trace: JSON.stringify(decision.trace),
          outcome: decision.outcome,
          reasons: JSON.stringify(decision.reasons),
          limit_amount: decision.limit?.amount ?? null,
          limit_term_days: decision.limit?.termDays ?? null,
          error,
          took_us: tookMicros,
          decided_at: now.toISOString(),
        })
        .execute();
      const actor = model ? modelActor(model.versionHash) : 'credit-model:none';
      const onTrx = { db: trx, clock, config };
      if (decision.outcome === 'approve')
        await approveOrder(onTrx, orderId, actor, 'credit decision: approve');
      if (decision.outcome === 'decline') {
        await rejectOrder(onTrx, orderId, actor, `credit decision: ${decision.reasons.join(', ')}`);
      }
    });
  } catch (failure) {
    // Decided already (a retry), or an officer moved the order first: theirs stands.
    if (isUniqueViolation(failure) || failure instanceof TransitionRefused) return null;
    throw failure;
  }
  return recorded;
}
