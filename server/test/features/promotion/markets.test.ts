import { describe, expect, it } from 'vitest';
import { messages, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { createTestApp } from '../../support/test-app.ts';
import { solvedCaptcha } from '../../support/promotion.ts';

describe('markets (D5)', () => {
  it('MARKET=PH validates Philippine numbers and stamps the market into the pages', async () => {
    const t = await createTestApp('sqlite', { env: { MARKET: 'PH' } });
    try {
      const ask = async (phone: string) =>
        callEndpoint(t.app, endpoints.getSms, { body: { phone, ...(await solvedCaptcha(t.app)) } });
      expect((await ask('09171234567')).envelope?.code).toBe('00');
      const spec = await ask('13912345678');
      expect(spec.status).toBe(400);
      expect(spec.envelope?.message).toBe(messages.phoneInvalid);
      const page = await t.app.inject({ method: 'GET', url: '/promotion?id=1' });
      expect(page.body).toContain('<meta name="kwarta-market" content="PH">');
    } finally {
      await t.close();
    }
  });

  it('refuses an unknown market at boot', async () => {
    await expect(createTestApp('sqlite', { env: { MARKET: 'XX' } })).rejects.toThrow(/MARKET/);
  });
});
