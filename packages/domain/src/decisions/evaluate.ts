import type { MinorUnits } from '../money.ts';
import { evaluateExpression, matches } from './expression.ts';
import type { DecisionInputs, InputValue } from './inputs.ts';
import type { CompiledModel, CompiledRow, DecisionOutcome } from './model.ts';

/** What caps a limit whatever the model says: the product's own maximum and the law's (D16). */
export interface LimitCaps {
  productMaxAmount: MinorUnits;
  productMaxTermDays: number;
  /** The compliance profile's ceiling for the loans it covers, when the lender keeps inside it. */
  complianceMaxAmount: MinorUnits | null;
}

export interface TraceStep {
  table: string;
  row: number;
  rowId: string;
  outcome: DecisionOutcome;
  reason: string | null;
}

export interface Decision {
  outcome: DecisionOutcome;
  /** Ranked by weight, heaviest first; 1–4 on a decline or a referral, none on an approval. */
  reasons: string[];
  limit: { amount: MinorUnits; termDays: number } | null;
  trace: TraceStep[];
}

export const MAX_REASONS = 4;
/** Limits are whole pesos: a borrower is never offered ₱4,999.37. */
const LIMIT_STEP = 100;

interface Hit {
  row: CompiledRow;
  weight: number;
}

/**
 * Evaluates a compiled model (decision 0109). Every table runs; the outcome is the most cautious
 * any row said: a decline wins over a referral, a referral over an approval, and an application
 * no approving row matched is referred. An approval's limit is the lowest any approving row gave,
 * floored to whole pesos and capped by the product and the law; asking above it declines with
 * `amount_above_limit` (the confirmation page never offers more, so only a forged push gets here).
 * Pure and deterministic: the same inputs and model always give the same decision and reasons.
 */
export function evaluateDecision(compiled: CompiledModel, inputs: DecisionInputs, caps: LimitCaps): Decision {
  const values = inputs as unknown as Record<string, InputValue>;
  const { hits, trace } = matchRows(compiled, values);
  const of = (outcome: DecisionOutcome) => hits.filter((hit) => hit.row.row.then.outcome === outcome);
  const declines = of('decline');
  if (declines.length > 0)
    return { outcome: 'decline', reasons: rankedReasons(declines), limit: null, trace };
  const referrals = of('refer');
  if (referrals.length > 0)
    return { outcome: 'refer', reasons: rankedReasons(referrals), limit: null, trace };
  const approvals = of('approve');
  if (approvals.length === 0) return { outcome: 'refer', reasons: ['no_rule_matched'], limit: null, trace };
  const limit = approvedLimit(approvals, values, caps);
  if (!limit) return { outcome: 'refer', reasons: ['decision_failed'], limit: null, trace };
  if (inputs.amountAsked > limit.amount || inputs.termDaysAsked > limit.termDays) {
    return { outcome: 'decline', reasons: ['amount_above_limit'], limit, trace };
  }
  return { outcome: 'approve', reasons: [], limit, trace };
}

/**
 * The limit the approving rows give these inputs, whatever a decline or referral row says: what
 * the confirmation page offers at most, so a borrower is never shown more than the push would
 * approve. Null when no approving row matches or its limit cannot be worked out.
 */
export function offeredLimit(
  compiled: CompiledModel,
  inputs: DecisionInputs,
  caps: LimitCaps,
): Decision['limit'] {
  const values = inputs as unknown as Record<string, InputValue>;
  const approvals = matchRows(compiled, values).hits.filter((hit) => hit.row.row.then.outcome === 'approve');
  return approvals.length ? approvedLimit(approvals, values, caps) : null;
}

function matchRows(compiled: CompiledModel, values: Record<string, InputValue>) {
  const hits: Hit[] = [];
  const trace: TraceStep[] = [];
  for (const { table, rows } of compiled.tables) {
    for (const row of rows) {
      if (!rowMatches(row, values)) continue;
      hits.push({ row, weight: row.row.then.weight ?? 0 });
      trace.push({
        table: table.id,
        row: row.position,
        rowId: row.row.id,
        outcome: row.row.then.outcome,
        reason: row.row.then.reason ?? null,
      });
      if (table.hitPolicy === 'first') break;
    }
  }
  return { hits, trace };
}

function rowMatches(row: CompiledRow, values: Record<string, InputValue>): boolean {
  for (const [input, test] of row.tests) {
    if (!matches(test, values[input] ?? null)) return false;
  }
  return row.expression === null || evaluateExpression(row.expression, values) === true;
}

function rankedReasons(hits: Hit[]): string[] {
  const weights = new Map<string, number>();
  for (const hit of hits) {
    const reason = hit.row.row.then.reason!;
    weights.set(reason, Math.max(weights.get(reason) ?? -Infinity, hit.weight));
  }
  return [...weights]
    .sort(([a, wa], [b, wb]) => wb - wa || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_REASONS)
    .map(([reason]) => reason);
}

function approvedLimit(approvals: Hit[], values: Record<string, InputValue>, caps: LimitCaps) {
  let amount = Math.min(caps.productMaxAmount, caps.complianceMaxAmount ?? Infinity);
  let termDays = caps.productMaxTermDays;
  for (const { row } of approvals) {
    const rowAmount = evaluateExpression(row.limitAmount!, values);
    if (typeof rowAmount !== 'number' || !Number.isFinite(rowAmount)) return null;
    amount = Math.min(amount, rowAmount);
    if (row.limitTermDays) {
      const rowTerm = evaluateExpression(row.limitTermDays, values);
      if (typeof rowTerm !== 'number' || !Number.isFinite(rowTerm)) return null;
      termDays = Math.min(termDays, Math.floor(rowTerm));
    }
  }
  return {
    amount: Math.max(0, Math.floor(amount / LIMIT_STEP) * LIMIT_STEP),
    termDays: Math.max(0, termDays),
  };
}
