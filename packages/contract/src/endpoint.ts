import type { z } from 'zod';
import type { EndpointRoute } from './routes.ts';

/**
 * One call of spec §7: its route plus the schemas of its input and of the envelope's `data`.
 * The server registers a route from it and the OpenAPI document is generated from it; the web
 * client calls by route and takes its types from here, so a call's shape is written once.
 * `request` parses the form body (POST) or query (GET), minus the common session query.
 */
export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
> extends EndpointRoute {
  request: Req;
  data: Data;
}

export function defineEndpoint<Req extends z.ZodType, Data extends z.ZodType, R extends EndpointRoute>(
  route: R,
  schemas: { request: Req; data: Data },
): R & Endpoint<Req, Data> {
  return { ...route, ...schemas };
}

export type EndpointRequest<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type EndpointParsedRequest<E> = E extends Endpoint<infer Req, z.ZodType> ? z.output<Req> : never;
export type EndpointData<E> = E extends Endpoint<z.ZodType, infer Data> ? z.output<Data> : never;
