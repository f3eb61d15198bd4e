import type { FastifyReply } from 'fastify';
import { SUCCESS_CODE, envelopeToWire, localizeText, messages, type Envelope } from '@kwarta/contract';

/**
 * The only place the server writes an envelope, so every answer uses the wire names (D6) and the
 * market's words (market-texts.ts: PH and IN answer the spec's Chinese texts in English). API
 * answers carry session-bound data (codes, complaints): no browser or proxy may keep them.
 */
export function sendEnvelope(
  reply: FastifyReply,
  httpStatus: number,
  envelope: Omit<Envelope, 'code'> & { code: string | 0 },
): FastifyReply {
  const wire = envelopeToWire({
    ...envelope,
    message: localizeText(envelope.message, reply.server.config.market.id),
  });
  // Encoded here, once: a string holding `₱` is two-byte, and Fastify, compression and the socket
  // each measured or re-encoded it (decision 0117). The same JSON.stringify Fastify would run.
  return reply
    .code(httpStatus)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(Buffer.from(JSON.stringify(wire)));
}

/** Success: '00', or the route's own success code where the spec gives another (get-sid's 0). */
export function sendSuccess(
  reply: FastifyReply,
  data: unknown,
  code: typeof SUCCESS_CODE | 0 = SUCCESS_CODE,
): FastifyReply {
  return sendEnvelope(reply, 200, { code, message: messages.success, data });
}
