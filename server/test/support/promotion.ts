import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { callEndpoint } from './api.ts';

let imageCount = 0;

/**
 * A sid with a loaded captcha image and its answer (read through the development endpoint).
 * Sids and images are limited per address, so each comes from its own test address.
 */
export async function solvedCaptcha(app: FastifyInstance): Promise<{ sid: string; capcode: string }> {
  imageCount += 1;
  const ip = `10.${(imageCount >> 8) & 255}.${imageCount & 255}.1`;
  const sid = (await callEndpoint(app, endpoints.getSid, { headers: { 'x-forwarded-for': ip } })).envelope
    ?.data as {
    sid: string;
  };
  const image = await app.inject({
    method: 'GET',
    url: `${endpoints.getCaptcha.path}?sid=${sid.sid}&t=1`,
    headers: { 'x-forwarded-for': ip },
  });
  if (image.statusCode !== 200) throw new Error(`captcha image: ${image.statusCode} ${image.body}`);
  const answer = await app.inject({ method: 'GET', url: `/dev/captcha?sid=${sid.sid}` });
  return { sid: sid.sid, capcode: answer.json().answer };
}

/** The latest code the outbox gateway holds for a phone. */
export async function latestSmsCode(app: FastifyInstance, phone: string): Promise<string | null> {
  const outbox = (await app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` })).json() as {
    messages: { text: string }[];
  };
  return outbox.messages[0]?.text.match(/\b\d{6}\b/)?.[0] ?? null;
}

export const campaign = { app_from: 'fb', user_from: 'ads-7', utm_tag: 'spring-sale' };

/** Requests a registration SMS with a freshly solved captcha. */
export async function requestRegisterSms(
  app: FastifyInstance,
  phone: string,
  extra: Record<string, string> = {},
) {
  const captcha = await solvedCaptcha(app);
  const response = await callEndpoint(app, endpoints.getSms, {
    body: { phone, ...captcha, deviceId: 'device-1', appName: 'Kwarta', ...campaign, ...extra },
  });
  return { response, captcha };
}

export function registerBody(
  phone: string,
  captcha: { sid: string; capcode: string },
  smsCode: string,
  extra: Record<string, string> = {},
) {
  return {
    phone,
    ...captcha,
    smsCode,
    deviceId: 'device-1',
    appName: 'Kwarta',
    merchantNumber: '0',
    userName: phone,
    invite_code: 'INV42',
    id: '1',
    ...campaign,
    ...extra,
  };
}

export async function registerPhone(app: FastifyInstance, phone: string) {
  const { captcha } = await requestRegisterSms(app, phone);
  const code = await latestSmsCode(app, phone);
  return callEndpoint(app, endpoints.register, { body: registerBody(phone, captcha, code ?? '') });
}
