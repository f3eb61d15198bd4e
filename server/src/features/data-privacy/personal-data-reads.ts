import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@kwarta/contract';
import { registerEndpoint, type HandlerContext } from '../../lib/contract-route.ts';
import { recordPersonalDataRead, type ReadSubjects } from './access-log.ts';

type OperatorEndpoint = Endpoint & { auth: 'operator' };
type Input<E extends Endpoint> = z.output<E['request']>;
type Answer<E extends Endpoint> = z.input<E['data']>;
type Context = HandlerContext<'operator'>;

/**
 * A console call that shows borrowers' personal data, declared as such (decision 0107): the read,
 * whom it showed, and what the access log calls it. The row is written by the registration, after
 * the read and before anything of it leaves, so a handler cannot forget it.
 */
export interface PersonalDataRead<E extends OperatorEndpoint, Shown> {
  /** What the access log calls the read; `subjects` may add a detail (an order number). */
  what: string;
  read: (input: Input<E>, context: Context) => Promise<Shown> | Shown;
  /**
   * The borrowers what was read shows; none (a read that found nothing) writes no row. A method, so
   * one declaration typed by its read serves a screen and its CSV.
   */
  subjects(shown: Shown, input: Input<E>): ReadSubjects & { detail?: string };
  /**
   * How a read goes out when it is not the answer itself: a file's stream, or an image the reply
   * sends (what the route's handler would return).
   */
  respond?(shown: Shown, context: Context): unknown;
}

/** What each declared read is called, by endpoint name: the access-log test checks it against its list. */
const declared = new Map<string, string>();

export function declaredPersonalDataReads(): ReadonlyMap<string, string> {
  return declared;
}

/**
 * Registers the endpoint with its read declared. Without `respond` the read is the answer, so it
 * must be of the answer's type; with it, the read is anything `respond` turns into one.
 */
export function registerPersonalDataRead<E extends OperatorEndpoint, Shown extends Answer<E>>(
  app: FastifyInstance,
  endpoint: E,
  declaration: PersonalDataRead<E, Shown> & { respond?: undefined },
): void;
export function registerPersonalDataRead<E extends OperatorEndpoint, Shown>(
  app: FastifyInstance,
  endpoint: E,
  declaration: PersonalDataRead<E, Shown> & Required<Pick<PersonalDataRead<E, Shown>, 'respond'>>,
): void;
export function registerPersonalDataRead<E extends OperatorEndpoint, Shown>(
  app: FastifyInstance,
  endpoint: E,
  declaration: PersonalDataRead<E, Shown>,
): void {
  const { what } = declaration;
  declared.set(endpoint.name, what);
  registerEndpoint(app, endpoint, async (input, context) => {
    const operatorContext = context as Context;
    const shown = await declaration.read(input, operatorContext);
    const { detail, ...borrowers } = declaration.subjects(shown, input);
    await recordPersonalDataRead(app.db, {
      ...borrowers,
      operator: operatorContext.operator,
      what: detail ? `${what} ${detail}` : what,
      now: app.clock.now(),
    });
    return (declaration.respond ? declaration.respond(shown, operatorContext) : shown) as Answer<E>;
  });
}
