import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {} from '@fastify/multipart';
import {
  dataToWire,
  ResultCode,
  messages,
  sessionQuerySchema,
  type Endpoint,
  type EndpointRoute,
  type SessionQuery,
} from '@kwarta/contract';
import type { Borrower, Operator } from '../db/schema.ts';
import { ApiError } from './api-error.ts';
import { loggedCallerOf } from './callers.ts';
import { sendSuccess } from './envelope-reply.ts';

export interface HandlerContext<Auth extends EndpointRoute['auth']> {
  borrower: Auth extends 'borrower' ? Borrower : null;
  operator: Auth extends 'operator' ? Operator : null;
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

export interface EndpointOptions {
  /**
   * `always` (the default): every answer goes out as its data schema parses it. `tests`: where
   * `config.answerCheck` is `strict` (development, the server tests) the answer must come through
   * that parse unchanged, or the call fails; elsewhere it goes out as the handler made it. For a
   * hot read whose parse was a tenth of its cost (the order page, decision 0117).
   */
  answerCheck?: 'always' | 'tests';
}

/**
 * Registers a route from its contract entry. The handler only ever sees parsed input and the
 * caller its route's kind established (the session's borrower, the console's operator): schema
 * failures (400) and refused callers (401, 403) are answered here, before any handler code can
 * write anything.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: EndpointOptions = {},
): void {
  if (endpoint.auth === 'operator' && !endpoint.roles?.length) {
    throw new Error(`operator endpoint ${endpoint.name} names no roles`);
  }
  const callerKind = app.callers.get(endpoint.auth);
  const checkAnswer = answerChecker(endpoint, options.answerCheck ?? 'always', app.config.answerCheck);

  const run = async (call: EndpointCall): Promise<unknown> => {
    const session = sessionQuerySchema.safeParse(call.query ?? {});
    if (!session.success) throw ApiError.badRequest(describeIssues(session.error));

    // The caller is checked first (reading only), so an anonymous caller cannot make the server
    // read a body, let alone an upload; its use is recorded only once the input has parsed, so a
    // malformed request writes nothing at all.
    const caller = await callerKind.identify({ request: call.request, session: session.data, endpoint });

    // Only a multipart body is read asynchronously; a form or query is there already, and is not
    // wrapped in a promise (each one is followed by the request id's async context, decision 0117).
    const raw = call.readInput();
    const input = endpoint.request.safeParse((raw instanceof Promise ? await raw : raw) ?? {});
    if (!input.success) throw ApiError.badRequest(describeIssues(input.error));

    const committed = caller.commit();
    if (committed) await committed;
    const { request, reply } = call;
    const context = {
      borrower: caller.borrower,
      operator: caller.operator,
      session: session.data,
      request,
      reply,
    } as HandlerContext<E['auth']>;
    const data = await handler(input.data as z.output<E['request']>, context);
    return reply.sent ? data : checkAnswer(data);
  };
  recordInvoker(app, endpoint, run);

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // Calls come as small forms and JSON; nobody sends a compressed body, so none is unpacked.
    decompress: false,
    config: { caller: loggedCallerOf(endpoint.auth) },
    handler: async (request, reply) => {
      const data = await run(new RouteCall(endpoint, request, reply));
      if (reply.sent) return reply;
      // Binary answers (the captcha image) go out as they are, not inside the envelope.
      if (endpoint.produces) return reply.type(endpoint.produces).send(data);
      return sendSuccess(
        reply,
        endpoint.wireKeys ? dataToWire(data, endpoint.wireKeys) : data,
        endpoint.successCode,
      );
    },
  });
}

/** How a route's answers are checked against its data schema (EndpointOptions.answerCheck). */
function answerChecker(
  endpoint: Endpoint,
  answerCheck: NonNullable<EndpointOptions['answerCheck']>,
  configured: 'strict' | 'off',
): (data: unknown) => unknown {
  if (answerCheck === 'always') return (data) => endpoint.data.parse(data);
  if (configured === 'off') return (data) => data;
  return (data) => {
    // Unchanged but for the order of keys: production, which sends `data` itself, then sends
    // exactly what was checked, and no key the schema does not name can slip out there.
    if (!isDeepStrictEqual(endpoint.data.parse(data), data)) {
      throw new Error(`${endpoint.name}: the answer holds what its data schema would drop or change`);
    }
    return data;
  };
}

/** One call of an endpoint: its session query, its input (read only once the caller is checked). */
export interface EndpointCall {
  query: unknown;
  readInput: () => unknown;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A call that came in over HTTP: the input is the query of a GET, else the parsed body or the
 * multipart fields. A class rather than an object literal with an arrow: every call makes one,
 * and a method, unlike an arrow, costs nothing to create (decision 0006).
 */
class RouteCall implements EndpointCall {
  constructor(
    private readonly endpoint: Endpoint,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
  ) {}

  get query(): unknown {
    return this.request.query;
  }

  readInput(): unknown {
    if (this.endpoint.encoding === 'multipart') return readMultipart(this.request);
    return this.endpoint.method === 'GET' ? this.request.query : this.request.body;
  }
}

export type EndpointInvoker = (call: EndpointCall) => Promise<unknown>;

/** Every registered endpoint's run, by route name, for invokeEndpoint; one registry per app. */
export function createEndpointRegistry(): Map<string, EndpointInvoker> {
  return new Map();
}

function recordInvoker(app: FastifyInstance, endpoint: Endpoint, run: EndpointInvoker): void {
  app.endpointInvokers.set(endpoint.name, run);
}

/**
 * Runs a registered endpoint in-process, exactly as its route would for this session query and
 * input (schema, caller check, handler, data schema), and returns its `data`; refusals throw the
 * same ApiError the route would answer with. Server-rendered pages load their data through it
 * (features/pages/page-data.ts), so a page can never show what the API would not. The page's
 * request and reply stand in for the call's: only endpoints whose handlers answer through their
 * return value belong here.
 */
export async function invokeEndpoint(
  app: FastifyInstance,
  route: EndpointRoute,
  input: Record<string, string>,
  call: Omit<EndpointCall, 'readInput'>,
): Promise<unknown> {
  const run = app.endpointInvokers.get(route.name);
  if (!run) throw new Error(`invokeEndpoint: no endpoint ${route.name} is registered`);
  return run({ ...call, readInput: () => input });
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
    // header: busboy's errors carry no code): the caller's fault, not ours (decision 0040).
    throw ApiError.badRequest(messages.uploadMalformed);
  }
  return fields;
}
