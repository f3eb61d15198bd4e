import { envelopeWireNames } from './wire-map.ts';

/** Spec §8: success is the string '00'; the generic helper also treats integer 0 as success. */
export const SUCCESS_CODE = '00';

export function isSuccessCode(code: unknown): boolean {
  return code === SUCCESS_CODE || code === 0;
}

/** The canonical envelope every call answers with (spec §3). On the wire its keys are disguised (D6). */
export interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T;
}

/**
 * Canonical → wire keys. The server's serializer and the client's reader both go through here.
 * The code may be the integer 0 where a call's route says so (EndpointRoute.successCode).
 */
export function envelopeToWire(
  envelope: Omit<Envelope, 'code'> & { code: string | 0 },
): Record<string, unknown> {
  return {
    [envelopeWireNames.code]: envelope.code,
    [envelopeWireNames.message]: envelope.message,
    [envelopeWireNames.data]: envelope.data,
  };
}

/**
 * Reads an envelope from a response body: disguised keys first, plain `code/message/data` as
 * fallback (spec §3, D6). Returns null when the body is not an envelope at all.
 */
export function envelopeFromWire(body: unknown): Envelope<unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const pick = (key: keyof typeof envelopeWireNames) =>
    envelopeWireNames[key] in record ? record[envelopeWireNames[key]] : record[key];
  const code = pick('code');
  if (code === undefined) return null;
  const message = pick('message');
  return {
    code: typeof code === 'number' ? (code === 0 ? SUCCESS_CODE : String(code)) : String(code),
    message: typeof message === 'string' ? message : '',
    data: pick('data') ?? null,
  };
}
