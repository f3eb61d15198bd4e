import type { FastifyReply } from 'fastify';
import { SUCCESS_CODE, envelopeToWire, messages, type Envelope } from '@kwarta/contract';

/**
 * The only place the server writes an envelope, so every answer uses the wire names (D6). API
 * answers carry session-bound data (codes, complaints): no browser or proxy may keep them.
 */
export function sendEnvelope(reply: FastifyReply, httpStatus: number, envelope: Envelope): FastifyReply {
  return reply
    .code(httpStatus)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(envelopeToWire(envelope));
}

export function sendSuccess(reply: FastifyReply, data: unknown): FastifyReply {
  return sendEnvelope(reply, 200, { code: SUCCESS_CODE, message: messages.success, data });
}
