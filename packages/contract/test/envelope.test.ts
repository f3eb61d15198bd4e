import { describe, expect, it } from 'vitest';
import { envelopeFromWire, envelopeToWire, envelopeWireNames, isSuccessCode } from '../src/index.ts';

describe('envelope', () => {
  it('round-trips through the wire names', () => {
    const envelope = { code: '00', message: 'success', data: { a: 1 } };
    const wire = envelopeToWire(envelope);
    expect(Object.keys(wire)).toEqual([
      envelopeWireNames.code,
      envelopeWireNames.message,
      envelopeWireNames.data,
    ]);
    expect(envelopeFromWire(wire)).toEqual(envelope);
  });

  it('falls back to plain code/message/data (spec §3)', () => {
    expect(envelopeFromWire({ code: '11', message: 'registered', data: null })).toEqual({
      code: '11',
      message: 'registered',
      data: null,
    });
  });

  it('reads integer 0 as the success code and other numbers as strings', () => {
    expect(envelopeFromWire({ code: 0, data: 1 })).toEqual({ code: '00', message: '', data: 1 });
    expect(envelopeFromWire({ code: 101, message: 'x' })?.code).toBe('101');
  });

  it('is not fooled by bodies that are not envelopes', () => {
    expect(envelopeFromWire(null)).toBeNull();
    expect(envelopeFromWire('00')).toBeNull();
    expect(envelopeFromWire({ status: 'ok' })).toBeNull();
  });

  it("treats '00' and integer 0 as success, nothing else (spec §8)", () => {
    expect(isSuccessCode('00')).toBe(true);
    expect(isSuccessCode(0)).toBe(true);
    for (const other of ['0', '000', 200, '200', '11', null, undefined])
      expect(isSuccessCode(other)).toBe(false);
  });
});
