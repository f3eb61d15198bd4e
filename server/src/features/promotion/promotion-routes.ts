import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode, messages, endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Refusal } from '../../lib/refusal.ts';
import { hasCaptchaPass, issueSid, newCaptchaImage, revokeCaptchaPass } from '../captcha/index.ts';
import { requireSmsCode, sendSmsCode } from '../sms/index.ts';
import { isRegistered, requirePhone } from '../borrowers/index.ts';
import { currentBrand } from '../brand/index.ts';
import { findChannelTemplate, recordPromotionEvent, registerBorrower } from './promotion-repository.ts';
import { acknowledgePolicyAtRegistration } from '../data-privacy/index.ts';
import { siteInfo } from '../static-pages/index.ts';

/**
 * Calls anyone may make without a captcha still write or cost CPU, so each address gets a
 * generous allowance a minute (a visitor needs one or two of each).
 */
const PER_ADDRESS_MINUTE = { captchaImage: 30, sid: 30, tracking: 60 } as const;

async function limitPerAddress(
  app: FastifyInstance,
  request: FastifyRequest,
  name: keyof typeof PER_ADDRESS_MINUTE,
): Promise<void> {
  const count = await app.store.increment(`per-address:${name}:${request.ip}`, 60_000);
  if (count > PER_ADDRESS_MINUTE[name])
    throw new ApiError(ResultCode.tooManyRequests, messages.tooManyRequests, 429);
}

const orNull = (value: string | undefined) => value || null;

export const alreadyRegistered = () => new Refusal('already-registered', messages.alreadyRegistered);

/** Spec §7 "Promotion": the landing's calls, from template to registration. */
export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.channelTemplate, async ({ templateId }) => {
    const template = await findChannelTemplate(
      app.db,
      templateId,
      app.config.market.money,
      (await currentBrand(app)).look,
    );
    if (!template) throw ApiError.notFound(messages.templateNotFound);
    return template;
  });

  const trackingRow = (
    input: {
      page_id?: string | undefined;
      utm_tag?: string | undefined;
      app_from?: string | undefined;
      user_from?: string | undefined;
      client_type?: string | undefined;
      page_type?: number | undefined;
    },
    request: FastifyRequest,
  ) => ({
    page_id: orNull(input.page_id),
    utm_tag: orNull(input.utm_tag),
    app_from: orNull(input.app_from),
    user_from: orNull(input.user_from),
    client_type: orNull(input.client_type),
    page_type: input.page_type ?? null,
    ip: request.ip,
    created_at: app.clock.now().toISOString(),
  });

  registerEndpoint(app, endpoints.trackVisit, async (input, { request }) => {
    await limitPerAddress(app, request, 'tracking');
    await recordPromotionEvent(app.db, { kind: 'visit', phone: null, ...trackingRow(input, request) });
    return null;
  });

  registerEndpoint(app, endpoints.trackClick, async (input, { request }) => {
    await limitPerAddress(app, request, 'tracking');
    await recordPromotionEvent(app.db, {
      kind: 'click',
      phone: orNull(input.phone),
      ...trackingRow(input, request),
    });
    return null;
  });

  registerEndpoint(app, endpoints.getSid, async (_input, { request }) => {
    await limitPerAddress(app, request, 'sid');
    return { sid: await issueSid(app.store) };
  });

  registerEndpoint(app, endpoints.getCaptcha, async ({ sid }, { request, reply }) => {
    await limitPerAddress(app, request, 'captchaImage');
    const image = await newCaptchaImage(app.store, sid);
    if (!image) throw ApiError.notFound(messages.captchaSidUnknown);
    // A captcha is never cached: every load is a new challenge.
    reply.header('Cache-Control', 'no-store');
    return image;
  });

  registerEndpoint(app, endpoints.getSms, async (input, { request }) => {
    requirePhone(app.config.market, input.phone);
    await sendSmsCode(app, {
      purpose: 'register',
      phone: input.phone,
      sid: input.sid,
      capcode: input.capcode,
      ip: request.ip,
      deviceId: input.deviceId,
      campaign: input,
      // After the captcha, so the answer cannot be used to probe which numbers have accounts.
      refuseAfterCaptcha: async () =>
        (await isRegistered(app.db, input.phone)) ? alreadyRegistered() : null,
    });
    return null;
  });

  registerEndpoint(app, endpoints.register, async (input, { request }) => {
    requirePhone(app.config.market, input.phone);
    if (!(await hasCaptchaPass(app.store, { sid: input.sid, phone: input.phone, answer: input.capcode }))) {
      throw new ApiError(ResultCode.registerCaptchaError, messages.captchaWrong);
    }
    await requireSmsCode(app, 'register', input.phone, input.smsCode);
    await revokeCaptchaPass(app.store, input.sid);

    const result = await registerBorrower(
      app.db,
      {
        phone: input.phone,
        userName: input.userName,
        merchantNumber: input.merchantNumber,
        templateId: orNull(input.id),
        utmTag: orNull(input.utm_tag),
        appFrom: orNull(input.app_from),
        userFrom: orNull(input.user_from),
        inviteCode: orNull(input.invite_code),
        appName: orNull(input.appName),
        deviceId: orNull(input.deviceId),
        ip: request.ip,
      },
      app.clock.now(),
    );
    if (result.status === 'already-registered') throw alreadyRegistered();
    // The landing shows the privacy policy with the form: its version is acknowledged (0107).
    await acknowledgePolicyAtRegistration(
      { db: app.db, site: siteInfo(app.config), timeZone: app.config.lenderTimeZone },
      { borrowerId: result.borrowerId, now: app.clock.now() },
    );
    return null;
  });
}
