import type { FastifyError, FastifyInstance } from 'fastify';
import { ResultCode, messages } from '@kwarta/contract';
import { ApiError } from '../lib/api-error.ts';
import { Refusal } from '../lib/refusal.ts';
import { isBackendUnavailable } from '../db/backend-unavailable.ts';
import { sendEnvelope } from '../lib/envelope-reply.ts';

export const RETRY_AFTER_SECONDS = 5;

/** One error handler: every failure leaves as an envelope with a message the page can toast. */
export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | ApiError | Refusal, request, reply) => {
    const error = thrown instanceof Refusal ? ApiError.fromRefusal(thrown) : thrown;
    if (error instanceof ApiError) {
      return sendEnvelope(reply, error.httpStatus, { code: error.code, message: error.message, data: null });
    }
    if (isBackendUnavailable(error)) {
      // The database or Redis is away: say "try again shortly", without a stack per request.
      request.log.warn({ reason: error.message }, 'backend unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return sendEnvelope(reply, 503, {
        code: ResultCode.unavailable,
        message: messages.unavailable,
        data: null,
      });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Malformed bodies, wrong content types, oversized payloads: the caller's fault, said plainly.
      const code = status === 429 ? ResultCode.tooManyRequests : ResultCode.badRequest;
      return sendEnvelope(reply, status, { code, message: error.message || messages.badRequest, data: null });
    }
    request.log.error({ err: error }, 'request failed');
    return sendEnvelope(reply, 500, {
      code: ResultCode.serverError,
      message: messages.serverError,
      data: null,
    });
  });
}
