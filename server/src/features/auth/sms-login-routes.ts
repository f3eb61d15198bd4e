import type { FastifyInstance } from 'fastify';
import { ResultCode, messages, sendLoginCode, smsLogin } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sendSmsCode } from '../sms/sms-sender.ts';
import { verifySmsCode } from '../sms/sms-codes.ts';
import { createSession } from '../sessions/session-repository.ts';
import { findOrCreateBorrower } from '../promotion/promotion-repository.ts';
import { requirePhone } from '../promotion/promotion-routes.ts';

/**
 * The native shell's SMS login (D1): the same captcha, SMS machinery and limits as the landing.
 * A number without an account gets one on its first login, so the answer never tells whether a
 * phone is registered.
 */
export async function smsLoginRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, sendLoginCode, async (input, { request }) => {
    requirePhone(app, input.phone);
    await sendSmsCode(app, { purpose: 'login', phone: input.phone, sid: input.sid, capcode: input.capcode, ip: request.ip, deviceId: input.deviceId });
    return null;
  });

  registerEndpoint(app, smsLogin, async (input) => {
    requirePhone(app, input.phone);
    const check = await verifySmsCode(app.store, 'login', input.phone, input.smsCode);
    if (check === 'too-many-tries') throw new ApiError(ResultCode.wrongSmsCode, messages.smsCodeTooManyTries);
    if (check === 'wrong') throw new ApiError(ResultCode.wrongSmsCode, messages.smsCodeWrong);
    const now = app.clock.now();
    const borrowerId = await findOrCreateBorrower(app.db, input.phone, now);
    const sessionId = await createSession(app.db, { borrowerId, deviceId: input.deviceId ?? null, now, policy: app.config.session });
    return { sessionId };
  });
}
