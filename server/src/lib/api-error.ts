import { ResultCode, messages } from '@kwarta/contract';

/**
 * A refusal a handler wants the caller to see. `code` goes into the envelope; `httpStatus` is
 * 200 for business refusals the page handles by code (spec §8, e.g. '11' already registered)
 * and 4xx/5xx for protocol-level failures.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number = 200,
  ) {
    super(message);
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
