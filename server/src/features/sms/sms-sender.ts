import type { Kysely } from 'kysely';
import { fillMessage, messages } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import { consumeCaptcha, grantCaptchaPass } from '../captcha/index.ts';
import { shownBrandName } from '../brand/index.ts';
import { takeSmsAllowance } from './sms-limits.ts';
import {
  SMS_CODE_TTL_MS,
  newSmsCode,
  storeSmsCode,
  verifySmsCode,
  type SmsCodeSubject,
} from './sms-codes.ts';
import { SmsSendError } from './sms-gateway.ts';

/** Who asks for a code, for the limits (D9), and for whom it is (the subject's phone and scope). */
export interface SmsDelivery extends SmsCodeSubject {
  ip: string;
  deviceId?: string | undefined;
  campaign?: { utm_tag?: string | undefined; app_from?: string | undefined; user_from?: string | undefined };
}

export interface SmsCodeRequest extends SmsDelivery {
  purpose: 'register' | 'login';
  sid: string;
  capcode: string;
  /** Runs after the captcha passed and before any limit is counted, e.g. "already registered". */
  refuseAfterCaptcha?: () => Promise<Refusal | null>;
}

type SmsDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'store' | 'smsGateway' | 'log' | 'metrics'>;

const orNull = (value: string | undefined) => value || null;

/**
 * The one way an SMS code leaves the system (D9), for registration and login alike: the captcha
 * first (single use, 101 when wrong), then `deliverSmsCode`. A refused request sends nothing.
 */
export async function sendSmsCode(deps: SmsDeps, request: SmsCodeRequest): Promise<void> {
  if (!(await consumeCaptcha(deps.store, request.sid, request.capcode))) {
    throw new Refusal('wrong-captcha', messages.captchaWrong);
  }
  const refusal = await request.refuseAfterCaptcha?.();
  if (refusal) throw refusal;
  await deliverSmsCode(deps, request);
  await grantCaptchaPass(deps.store, {
    sid: request.sid,
    phone: request.phone,
    answer: request.capcode,
    ttlMs: SMS_CODE_TTL_MS,
  });
}

/**
 * The limits, a new code for the subject through the gateway, and a record of the send. Called
 * directly only where the caller is already known (a borrower's live session confirming a
 * repayment): there the session, not a captcha, says who asks; the limits are the same.
 */
export async function deliverSmsCode(deps: SmsDeps, request: SmsDelivery): Promise<void> {
  const now = deps.clock.now();
  const limited = await takeSmsAllowance(deps.store, deps.config.sms.limits, request, now);
  if (limited) throw new Refusal('too-many', limited);

  const code = newSmsCode();
  await storeSmsCode(deps.store, request, code);
  const gateway = deps.smsGateway.name;
  let receipt: Awaited<ReturnType<typeof deps.smsGateway.send>>;
  try {
    receipt = await deps.smsGateway.send({
      phone: request.phone,
      text: fillMessage(messages.smsCodeText, {
        brand: await shownBrandName(deps),
        code,
        minutes: SMS_CODE_TTL_MS / 60_000,
      }),
      urgent: true,
    });
    // Counted when the provider took it: the message is out, whatever becomes of our record.
    deps.metrics.sms(gateway, request.purpose, 'sent');
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    deps.metrics.sms(gateway, request.purpose, 'failed');
    deps.log.warn({ err: error }, 'SMS gateway refused a message');
    throw new Refusal('unavailable', messages.smsSendFailed);
  }
  await recordSmsSend(
    deps.db,
    { ...request, gateway: deps.smsGateway.name, providerMessageId: receipt.providerMessageId },
    now,
  );
}

/**
 * One code sent, with its campaign: what the funnel counts as "SMS sent". The seeded history
 * records its sign-ups' codes here too, so its funnel never shows more registrations than codes.
 */
export async function recordSmsSend(
  db: Kysely<Database>,
  send: Pick<SmsDelivery, 'purpose' | 'phone' | 'campaign' | 'deviceId' | 'ip'> & {
    gateway: string;
    providerMessageId: string | null;
  },
  now: Date,
): Promise<void> {
  await db
    .insertInto('sms_sends')
    .values({
      purpose: send.purpose,
      phone: send.phone,
      utm_tag: orNull(send.campaign?.utm_tag),
      app_from: orNull(send.campaign?.app_from),
      user_from: orNull(send.campaign?.user_from),
      device_id: orNull(send.deviceId),
      ip: send.ip,
      gateway: send.gateway,
      provider_message_id: send.providerMessageId,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Uses up the phone's code or refuses the request (102) with the reason the visitor can act on. */
export async function requireSmsCode(
  deps: Pick<Deps, 'store'>,
  purpose: 'register' | 'login',
  phone: string,
  code: string,
): Promise<void> {
  const check = await verifySmsCode(deps.store, { purpose, phone }, code);
  if (check === 'too-many-tries') throw new Refusal('wrong-sms-code', messages.smsCodeTooManyTries);
  if (check === 'wrong') throw new Refusal('wrong-sms-code', messages.smsCodeWrong);
}
