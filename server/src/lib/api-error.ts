import { ResultCode, messages } from '@kwarta/contract';
import type { Refusal, RefusalReason } from './refusal.ts';

/** How each refusal of a use case answers on the wire (spec §8 codes; 200 for those the page handles by code). */
const refusalAnswers: Record<RefusalReason, { code: ResultCode; httpStatus: number }> = {
  invalid: { code: ResultCode.badRequest, httpStatus: 400 },
  'not-found': { code: ResultCode.notFound, httpStatus: 404 },
  refused: { code: ResultCode.conflict, httpStatus: 200 },
  conflict: { code: ResultCode.conflict, httpStatus: 409 },
  'too-many': { code: ResultCode.tooManyRequests, httpStatus: 429 },
  unavailable: { code: ResultCode.unavailable, httpStatus: 503 },
  'signed-out': { code: ResultCode.sessionInvalid, httpStatus: 401 },
  'wrong-captcha': { code: ResultCode.wrongCaptcha, httpStatus: 200 },
  'wrong-sms-code': { code: ResultCode.wrongSmsCode, httpStatus: 200 },
  'already-registered': { code: ResultCode.alreadyRegistered, httpStatus: 200 },
  'duplicate-legacy-payment': { code: ResultCode.legacyDuplicatePayment, httpStatus: 200 },
  'wrong-legacy-sms-code': { code: ResultCode.legacyWrongSmsCode, httpStatus: 200 },
};

/**
 * The HTTP edge's answer: route handlers, caller kinds and plugins throw it; use cases throw a
 * `Refusal` instead (lib/refusal.ts), mapped here once. `code` goes into the envelope;
 * `httpStatus` is 200 for business refusals the page handles by code (spec §8, e.g. '11' already
 * registered) and 4xx/5xx for protocol-level failures.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number = 200,
  ) {
    super(message);
  }

  static fromRefusal(refusal: Refusal): ApiError {
    const { code, httpStatus } = refusalAnswers[refusal.reason];
    return new ApiError(code, refusal.message, httpStatus);
  }

  static badRequest(message: string = messages.badRequest) {
    return new ApiError(ResultCode.badRequest, message, 400);
  }

  /** Missing and foreign records answer the same, so ids cannot be probed (DESIGN §3). */
  static notFound(message: string = messages.notFound) {
    return new ApiError(ResultCode.notFound, message, 404);
  }

  /** A business refusal the page shows as a toast (e.g. a product not open for applications). */
  static conflict(message: string) {
    return new ApiError(ResultCode.conflict, message, 200);
  }

  static sessionInvalid(message: string = messages.sessionInvalid) {
    return new ApiError(ResultCode.sessionInvalid, message, 401);
  }

  /** The caller is known but may not do this (an operator's role, a missing CSRF token). */
  static forbidden(message: string = messages.operatorRoleRefused) {
    return new ApiError(ResultCode.forbidden, message, 403);
  }
}
