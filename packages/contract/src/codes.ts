import { SUCCESS_CODE } from './envelope.ts';

/**
 * Result codes carried in the envelope's `code`. Spec §8 names the first group; the second is
 * ours, for answers the spec does not show (bad input, no session, missing record, overload).
 */
export const ResultCode = {
  success: SUCCESS_CODE,
  alreadyRegistered: '11',
  wrongCaptcha: '101',
  registerCaptchaError: '-1',
  legacyWrongSmsCode: '800006',
  legacyDuplicatePayment: '800005',

  badRequest: '400',
  sessionInvalid: '401',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  tooManyRequests: '429',
  serverError: '500',
  unavailable: '503',

  // Promotion and SMS login (ours): a wrong or expired SMS code.
  wrongSmsCode: '102',
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];
