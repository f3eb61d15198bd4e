import { fillMessage, MAX_INT, messages, referencePattern, type MessageKey } from '@kwarta/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { Refusal, type RefusalReason } from '../../lib/refusal.ts';

/** A money action refused with its reason; nothing was written (decision 0110). */
export class MoneyActionRefused extends Refusal {
  constructor(
    key: MessageKey,
    values: Record<string, string | number> = {},
    reason: RefusalReason = 'refused',
  ) {
    super(reason, fillMessage(messages[key], values));
  }
}

export function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_INT) {
    throw new MoneyActionRefused('moneyActionBadAmount', { max: MAX_INT }, 'invalid');
  }
}

export function checkReference(reference: string): string {
  const trimmed = reference.trim();
  if (!referencePattern.test(trimmed)) throw new MoneyActionRefused('moneyActionBadReference', {}, 'invalid');
  return trimmed;
}

export function checkReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length < 3 || trimmed.length > 500)
    throw new MoneyActionRefused('moneyActionNeedsReason', {}, 'invalid');
  return trimmed;
}

/** What every money action needs: the database, the clock, and the lender's zone for dating entries. */
export interface MoneyActionDeps {
  db: Kysely<Database>;
  clock: { now(): Date };
  config: { lenderTimeZone: string; amlCoveredThreshold: number; backOffice: { manualCashProvider: string } };
}
