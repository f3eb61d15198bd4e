import { messages } from '@kwarta/contract';

/**
 * Why a use case says no, in the business's words. Use cases run from routes, the console, jobs
 * and the CLI, so they never speak HTTP: only the edge (`ApiError.fromRefusal`, used by
 * plugins/error-handler.ts) turns a reason into the API's result code and status.
 */
export type RefusalReason =
  /** The input breaks a rule. */
  | 'invalid'
  /** Missing, or someone else's: both answer the same so ids cannot be probed (DESIGN §3). */
  | 'not-found'
  /** A business refusal the page shows as it is (a product not open, a transition not allowed). */
  | 'refused'
  /** The record's state already moved on (an open order exists, a score was saved). */
  | 'conflict'
  /** A limit on attempts or sends was reached. */
  | 'too-many'
  /** A provider or gateway did not answer; trying again later may work. */
  | 'unavailable'
  /** The caller's session or credentials are not (or no longer) good. */
  | 'signed-out'
  /** Refusals with a code of their own in spec §8 (or ours, next to them). */
  | 'wrong-captcha'
  | 'wrong-sms-code'
  | 'already-registered'
  | 'duplicate-legacy-payment'
  | 'wrong-legacy-sms-code';

export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }

  static invalid(message: string = messages.badRequest): Refusal {
    return new Refusal('invalid', message);
  }

  static notFound(message: string = messages.notFound): Refusal {
    return new Refusal('not-found', message);
  }

  static refused(message: string): Refusal {
    return new Refusal('refused', message);
  }
}
