import type { z } from 'zod';
import type { EndpointRoute } from './routes.ts';

/** The schemas of one call. `request` parses the form body (POST) or query (GET), minus the common session query. */
export interface EndpointSchemas<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  request: Req;
  data: Data;
}

/**
 * One call of spec §7: its route plus the schemas of its input and of the envelope's `data`.
 * The server registers a route from it and the OpenAPI document is generated from it; the web
 * client calls by route and takes its types from here, so a call's shape is written once.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType>
  extends EndpointRoute, EndpointSchemas<Req, Data> {}

export function defineEndpoint<Req extends z.ZodType, Data extends z.ZodType, R extends EndpointRoute>(
  route: R,
  schemas: EndpointSchemas<Req, Data>,
): R & Endpoint<Req, Data> {
  return { ...route, ...schemas };
}

type SchemasByName<Routes> = { [Name in keyof Routes]?: EndpointSchemas };

type EndpointsOf<Routes, Schemas> = {
  readonly [Name in keyof Schemas & keyof Routes]: Schemas[Name] extends EndpointSchemas<
    infer Req,
    infer Data
  >
    ? Routes[Name] & Endpoint<Req, Data>
    : never;
};

/**
 * Pairs routes of a table with their schemas by route name, `{ cardInit: { request, data } }`, so
 * the name is written once where the shapes are; a name the table lacks fails to compile.
 */
export function defineEndpoints<
  Routes extends Record<string, EndpointRoute>,
  Schemas extends SchemasByName<Routes>,
>(
  routes: Routes,
  schemas: Schemas & Record<Exclude<keyof Schemas, keyof Routes>, never>,
): EndpointsOf<Routes, Schemas> {
  const paired = Object.entries(schemas as Record<string, EndpointSchemas>).map(([name, shapes]) => [
    name,
    defineEndpoint(routes[name] as EndpointRoute, shapes),
  ]);
  return Object.fromEntries(paired) as EndpointsOf<Routes, Schemas>;
}

export type EndpointRequest<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type EndpointParsedRequest<E> = E extends Endpoint<infer Req, z.ZodType> ? z.output<Req> : never;
export type EndpointData<E> = E extends Endpoint<z.ZodType, infer Data> ? z.output<Data> : never;
