import { z } from '@kwarta/domain/zod';
import type { Endpoint } from './endpoint.ts';
import { envelopeWireNames } from './wire-map.ts';
import { sessionQueryFields } from './session.ts';
import { CSRF_HEADER, OPERATOR_SESSION_COOKIE } from './operators.ts';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function envelopeSchema(data: JsonSchema, successCode: string | 0 = '00'): JsonSchema {
  const code =
    successCode === 0
      ? { oneOf: [{ type: 'integer', const: 0 }, { type: 'string' }], example: 0 }
      : { type: 'string', example: '00' };
  return {
    type: 'object',
    description: `The envelope. Keys on the wire: ${envelopeWireNames.code} (code), ${envelopeWireNames.message} (message), ${envelopeWireNames.data} (data); success code ${successCode === 0 ? '0 (an integer)' : "'00'"}.`,
    properties: {
      [envelopeWireNames.code]: code,
      [envelopeWireNames.message]: { type: 'string' },
      [envelopeWireNames.data]: data,
    },
    required: [envelopeWireNames.code, envelopeWireNames.message, envelopeWireNames.data],
  };
}

/**
 * How each kind of caller proves who it is (the server's caller registry), as a generated client
 * reads it: the borrower's session query, the console's cookie with its CSRF header on writes.
 */
const securitySchemes = {
  borrowerSession: {
    type: 'apiKey',
    in: 'query',
    name: 'sessionId',
    description:
      'The session the native shell logs the borrower in with (DESIGN D1), sent with the rest of the common session query on every call. Unknown or expired: HTTP 401.',
  },
  consoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: OPERATOR_SESSION_COOKIE,
    description: "An operator's console session (HttpOnly cookie set by console sign-in).",
  },
  consoleCsrf: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: "The console session's CSRF token (answered by sign-in), required on every console write.",
  },
} as const;

function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  if (endpoint.auth === 'borrower') return [{ borrowerSession: [] }];
  if (endpoint.auth === 'operator') {
    return [endpoint.method === 'GET' ? { consoleSession: [] } : { consoleSession: [], consoleCsrf: [] }];
  }
  // Public: anyone may call (limits per address and device apply).
  return [];
}

/** OpenAPI 3.1 document generated from the contract's endpoints (served at /openapi.json). */
export function buildOpenApi(endpoints: readonly Endpoint[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = { content: { 'application/json': { schema: envelopeSchema({ type: 'null' }) } } };
  for (const endpoint of endpoints) {
    const sessionParams = sessionQueryFields.map((name) => ({
      name,
      in: 'query',
      required: endpoint.auth === 'borrower' && name === 'sessionId',
      schema: { type: 'string' },
    }));
    const requestSchema = toSchema(endpoint.request, 'input');
    const operation: Record<string, unknown> = {
      operationId: endpoint.name,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      security: securityOf(endpoint),
      parameters: sessionParams,
      responses: {
        '200': endpoint.produces
          ? {
              description: 'The image',
              content: { [endpoint.produces]: { schema: { type: 'string', format: 'binary' } } },
            }
          : {
              description: 'Success, or a business refusal carried in the envelope code',
              content: {
                'application/json': {
                  schema: envelopeSchema(toSchema(endpoint.data, 'output'), endpoint.successCode),
                },
              },
            },
        '400': { description: 'The request failed its schema; nothing was written', ...errorResponse },
        ...(endpoint.auth === 'borrower'
          ? { '401': { description: 'No live session; the page logs out to login', ...errorResponse } }
          : {}),
        ...(endpoint.auth === 'operator'
          ? {
              '401': { description: 'No live console session', ...errorResponse },
              '403': {
                description: `Refused: the CSRF token is missing or wrong, or the role is not one of ${(endpoint.roles ?? []).join(', ')}`,
                ...errorResponse,
              },
            }
          : {}),
      },
    };
    if (endpoint.method === 'GET') {
      const properties = (requestSchema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((requestSchema.required ?? []) as string[]);
      operation.parameters = [
        ...sessionParams,
        ...Object.entries(properties).map(([name, schema]) => ({
          name,
          in: 'query',
          required: required.has(name),
          schema,
        })),
      ];
    } else {
      const mediaType =
        endpoint.encoding === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
      operation.requestBody = { required: true, content: { [mediaType]: { schema: requestSchema } } };
    }
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    // Every call is on the origin that serves this document (one origin, DESIGN §1).
    servers: [{ url: '/', description: 'The server that serves this document' }],
    paths,
    components: { securitySchemes },
  };
}
