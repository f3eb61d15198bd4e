import { describe, expect, it } from 'vitest';
import { marketTexts, messages, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { createTestApp } from '../../support/test-app.ts';
import { solvedCaptcha } from '../../support/promotion.ts';
import { repayableOrder } from '../../support/repayment.ts';

describe('markets (D5)', () => {
  it('the default market, PH, validates Philippine numbers and stamps the market into the pages', async () => {
    const t = await createTestApp('sqlite');
    try {
      const ask = async (phone: string) =>
        callEndpoint(t.app, endpoints.getSms, { body: { phone, ...(await solvedCaptcha(t.app)) } });
      // Not the demo borrower's 09171234567, which is registered already.
      expect((await ask('09181234567')).envelope?.code).toBe('00');
      const spec = await ask('13912345678');
      expect(spec.status).toBe(400);
      expect(spec.envelope?.message).toBe(marketTexts.PH.phoneInvalid);
      const page = await t.app.inject({ method: 'GET', url: '/promotion?id=1' });
      expect(page.body).toContain('<meta name="kw-market" content="PH">');
    } finally {
      await t.close();
    }
  });

  // A Filipino borrower never reads the spec's Chinese or Indonesian texts (decision 0012).
  it("the default market, PH, answers in the market words; MARKET=spec in the spec's texts exactly", async () => {
    for (const [market, expected] of [
      ['', marketTexts.PH],
      ['spec', messages],
    ] as const) {
      const t = await createTestApp('sqlite', { env: { MARKET: market } });
      try {
        const order = await repayableOrder(t.app);
        const call = (endpoint: Parameters<typeof callEndpoint>[1], body: Record<string, string>) =>
          callEndpoint(t.app, endpoint, { session: order.session, body });
        const way = await call(endpoints.repaymentWay, { orderId: String(order.orderId) });
        const { repayToken } = way.envelope?.data as { repayToken: string };

        const noCard = await call(endpoints.repaymentCommit, {
          orderId: String(order.orderId),
          repayToken,
          amount: '100',
        });
        expect(noCard.envelope?.message, market).toBe(expected.legacyChooseCard);
        const shortCode = await call(endpoints.repaymentConfirm, {
          orderId: String(order.orderId),
          verifyCode: '12',
          repaymentRecordId: '1',
        });
        expect(shortCode.envelope?.message, market).toBe(expected.legacySmsCodeInvalid);
        const notIssued = await call(endpoints.repaymentCommit, {
          orderId: String(order.orderId),
          repayToken: 'never-issued',
          cardId: '1',
          amount: '100',
        });
        expect(notIssued.envelope?.message, market).toBe(expected.legacyFailed);
        // A schema refusal quotes the catalogue text after the field's name.
        const badCode = await callEndpoint(t.app, endpoints.getSms, {
          body: { phone: '09171234567', capcode: '!!', sid: 'x' },
        });
        expect(badCode.envelope?.message, market).toContain(expected.captchaInvalid);
      } finally {
        await t.close();
      }
    }
  });

  it('refuses an unknown market at boot, and the spec market by its old name', async () => {
    await expect(createTestApp('sqlite', { env: { MARKET: 'XX' } })).rejects.toThrow(/MARKET/);
    await expect(createTestApp('sqlite', { env: { MARKET: 'default' } })).rejects.toThrow(
      /MARKET: was renamed: MARKET=spec/,
    );
  });
});
