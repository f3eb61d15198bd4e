import { z } from '@kwarta/domain/zod';

/**
 * How long each category of a borrower's data is kept (decision 0107), as data: RETENTION_FILE
 * replaces the Philippine defaults below, each period with the source it rests on.
 * - borrowerRecords: days after the relationship ends (the last loan closed, or registration when
 *   there was none); then the retention job anonymises the borrower: names, phones, device ids,
 *   account details, complaint texts and images. Loans and the ledger stay, pseudonymous.
 * - messages: days after an SMS was sent, then who it went to and its text are erased.
 * - usage: days after a tap was recorded (tracking events), then it is deleted.
 */
const period = z.object({
  days: z.number().int().min(1).max(36_500),
  source: z.string().min(1),
});

export const retentionSchema = z.object({
  borrowerRecords: period,
  messages: period,
  usage: period,
});

export type Retention = z.infer<typeof retentionSchema>;
export type RetentionCategory = keyof Retention;

export const philippineRetention: Retention = {
  borrowerRecords: {
    days: 5 * 365,
    source:
      'RA 9160 (AMLA) s. 9(b) as amended by RA 10365, and its 2018 IRR Rule 17: identification and transaction records kept five years after the account is closed; lending companies are covered persons (SEC MC 4-2021)',
  },
  messages: {
    days: 365,
    source:
      'RA 10173 s. 11(e) and NPC Circular 2020-01: kept only as long as needed; a year covers disputes about a loan of up to 365 days (lender’s choice: check)',
  },
  usage: {
    days: 90,
    source:
      'RA 10173 s. 11(e): taps are kept for product statistics only, a quarter (lender’s choice: check)',
  },
};
