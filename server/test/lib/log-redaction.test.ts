import { describe, expect, it } from 'vitest';
import { maskPhone, redactUrl } from '../../src/lib/log-redaction.ts';

describe('log redaction', () => {
  it('hides session ids, codes and card numbers and masks phones in logged URLs', () => {
    const url =
      '/v3/x?sessionId=abc123&smsCode=123456&capcode=AB12&cardNo=4111111111111111&phone=13912345678&orderId=7';
    const redacted = redactUrl(url);
    expect(redacted).not.toMatch(/abc123|123456|AB12|4111111111111111|13912345678/);
    expect(redacted).toContain('orderId=7');
    expect(redacted).toContain(`phone=${encodeURIComponent('*******5678')}`);
  });

  it("hides every market's payment-account number fields", () => {
    const redacted = redactUrl('/v3/x?walletAccount=09171234567&accountNo=1234567890&holderName=Juan');
    expect(redacted).not.toMatch(/09171234567|1234567890/);
    expect(redacted).toContain('holderName=Juan');
  });

  it('leaves URLs without a query alone', () => {
    expect(redactUrl('/healthz')).toBe('/healthz');
  });

  it('masks all but the last four digits of a phone', () => {
    expect(maskPhone('+63 917 123 4567')).toBe('********4567');
    expect(maskPhone('123')).toBe('****');
  });
});
