import type { FastifyRequest } from 'fastify';
import type { EndpointRoute, SessionQuery } from '@kwarta/contract';
import type { Borrower, Operator } from '../db/schema.ts';

/** Who is calling, as far as a caller kind could establish it; handlers read it from their context. */
export interface CallerIdentity {
  borrower: Borrower | null;
  operator: Operator | null;
}

export interface IdentifiedCaller extends CallerIdentity {
  /**
   * Records the use (a session's last-seen time). Runs only once the input has parsed, so a
   * refused request writes nothing at all. Nothing to record returns nothing rather than a
   * promise: each promise on a call's path is followed by the request id's async context
   * (decision 0117).
   */
  commit(): Promise<void> | void;
}

export interface CallerCheck {
  request: FastifyRequest;
  /** The common session query (D1), already parsed. */
  session: SessionQuery;
  endpoint: EndpointRoute;
}

/**
 * One kind of caller (`auth` of a contract route): how a request proves it may make a call.
 * `identify` only reads, and throws the ApiError the caller should see (401, 403) when it may
 * not; it runs before the body is read, so an unidentified caller cannot make the server buffer
 * an upload.
 */
export interface CallerKind {
  identify(check: CallerCheck): Promise<IdentifiedCaller>;
}

/**
 * Who a route is for, as its per-response log line names it (app.ts): a contract route's `auth`
 * (`public` is `anonymous`), `provider` for payment providers' callbacks, else `anonymous`.
 * Set as the route's `config.caller`.
 */
export type LoggedCaller = 'borrower' | 'operator' | 'provider' | 'anonymous';

export function loggedCallerOf(auth: EndpointRoute['auth']): LoggedCaller {
  return auth === 'public' ? 'anonymous' : auth;
}

/** The commit of a caller whose call leaves nothing to record. */
export const nothingToCommit = (): void => {};

const nobody: IdentifiedCaller = { borrower: null, operator: null, commit: nothingToCommit };

/** Anyone: the promotion landing, captcha, SMS login. */
export const publicCaller: CallerKind = { identify: async () => nobody };

/**
 * The caller kinds an app knows, by name. `public` is built in; features register the others
 * (sessions: `borrower`, operators: `operator`) before any route that uses them, and
 * registerEndpoint looks its kind up when the route is registered, so a route whose kind nobody
 * registered fails at boot rather than at its first call.
 */
export class CallerRegistry {
  readonly #kinds = new Map<EndpointRoute['auth'], CallerKind>([['public', publicCaller]]);

  register(name: EndpointRoute['auth'], kind: CallerKind): void {
    if (this.#kinds.has(name)) throw new Error(`caller kind '${name}' is registered twice`);
    this.#kinds.set(name, kind);
  }

  get(name: EndpointRoute['auth']): CallerKind {
    const kind = this.#kinds.get(name);
    if (!kind) throw new Error(`no caller kind '${name}' is registered: register it before its routes`);
    return kind;
  }
}
