import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {} from '@fastify/multipart';
import { ResultCode, messages, sessionQuerySchema, type Endpoint, type SessionQuery } from '@kwarta/contract';
import type { Borrower } from '../db/schema.ts';
import { findLiveSession, touchSession, type LiveSession } from '../features/sessions/session-repository.ts';
import { ApiError } from './api-error.ts';
import { sendSuccess } from './envelope-reply.ts';

export interface HandlerContext<Auth extends Endpoint['auth']> {
  borrower: Auth extends 'borrower' ? Borrower : Borrower | null;
  session: SessionQuery;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<E extends Endpoint> = (
  input: z.output<E['request']>,
  context: HandlerContext<E['auth']>,
) => Promise<z.input<E['data']>> | z.input<E['data']>;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Registers a route from its contract entry. The handler only ever sees parsed input and, for
 * borrower calls, the session's borrower: schema failures (400) and missing sessions (401) are
 * answered here, before any handler code can write anything.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const session = sessionQuerySchema.safeParse(request.query ?? {});
      if (!session.success) throw ApiError.badRequest(describeIssues(session.error));

      // The session is checked first (reading only), so an anonymous caller cannot make the
      // server read a body, let alone an upload; it is touched only once the input has parsed,
      // so a malformed request writes nothing at all.
      let live: LiveSession | null = null;
      if (endpoint.auth === 'borrower') {
        const token = session.data.sessionId;
        live = token
          ? await findLiveSession(app.db, { token, now: app.clock.now(), policy: app.config.session })
          : null;
        if (!live) throw ApiError.sessionInvalid();
      }

      const raw =
        endpoint.encoding === 'multipart'
          ? await readMultipart(request)
          : endpoint.method === 'GET'
            ? request.query
            : request.body;
      const input = endpoint.request.safeParse(raw ?? {});
      if (!input.success) throw ApiError.badRequest(describeIssues(input.error));

      if (live) await touchSession(app.db, live, app.clock.now());
      const borrower: Borrower | null = live?.borrower ?? null;
      const context = { borrower, session: session.data, request, reply } as HandlerContext<E['auth']>;
      const data = await handler(input.data as z.output<E['request']>, context);
      if (reply.sent) return reply;
      // Binary answers (the captcha image) go out as they are, not inside the envelope.
      if (endpoint.produces) return reply.type(endpoint.produces).send(endpoint.data.parse(data));
      return sendSuccess(reply, endpoint.data.parse(data));
    },
  });
}

/**
 * A multipart body as an object of fields and Files, so multipart calls are parsed by their
 * schema like any other. The plugin that registers such a call registers @fastify/multipart with
 * its limits; a file over the size limit is refused here with the catalogue's text.
 */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw ApiError.badRequest(messages.uploadNotMultipart);
  }
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      fields[part.fieldname] =
        part.type === 'file'
          ? new File([await part.toBuffer()], part.filename, { type: part.mimetype })
          : part.value;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(ResultCode.badRequest, messages.uploadTooLarge, 413);
    // Anything else here is the body itself being broken (a cut-off part, a bad boundary or
    // header: busboy's errors carry no code): the caller's fault, not ours (issue 9).
    throw ApiError.badRequest(messages.uploadMalformed);
  }
  return fields;
}
