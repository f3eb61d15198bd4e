import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { requireSmsCode, sendSmsCode } from '../sms/index.ts';
import { createSession } from '../sessions/index.ts';
import { findOrCreateBorrower, requirePhone } from '../borrowers/index.ts';

/**
 * The native shell's SMS login (D1): the same captcha, SMS machinery and limits as the landing.
 * A number without an account gets one on its first login, so the answer never tells whether a
 * phone is registered.
 */
export async function smsLoginRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.sendLoginCode, async (input, { request }) => {
    requirePhone(app.config.market, input.phone);
    await sendSmsCode(app, {
      purpose: 'login',
      phone: input.phone,
      sid: input.sid,
      capcode: input.capcode,
      ip: request.ip,
      deviceId: input.deviceId,
    });
    return null;
  });

  registerEndpoint(app, endpoints.smsLogin, async (input) => {
    requirePhone(app.config.market, input.phone);
    await requireSmsCode(app, 'login', input.phone, input.smsCode);
    const now = app.clock.now();
    const borrowerId = await findOrCreateBorrower(app.db, input.phone, now);
    const sessionId = await createSession(app.db, {
      borrowerId,
      deviceId: input.deviceId ?? null,
      now,
      policy: app.config.session,
    });
    return { sessionId };
  });
}
