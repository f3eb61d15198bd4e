import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Limits } from '@kwarta/contract';
import type { EphemeralStore } from '../../lib/ephemeral/ephemeral-store.ts';

/** D9: codes live at most five minutes and allow five wrong tries. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_WRONG_TRIES = 5;

export type SmsPurpose = 'register' | 'login' | 'repayment';

/**
 * Whom a code is for: a phone, and for codes that authorise one thing (a repayment) that thing's
 * id, so a code sent for one repayment cannot confirm another of the same phone.
 */
export interface SmsCodeSubject {
  purpose: SmsPurpose;
  phone: string;
  scope?: string | undefined;
}

const subjectKey = ({ purpose, phone, scope }: SmsCodeSubject) =>
  scope === undefined ? `${purpose}:${phone}` : `${purpose}:${phone}:${scope}`;
const codeKey = (subject: SmsCodeSubject) => `sms-code:${subjectKey(subject)}`;
const triesKey = (subject: SmsCodeSubject) => `sms-tries:${subjectKey(subject)}`;

// Stored hashed with the phone: a leaked store (or Redis MONITOR) shows no usable code.
const digest = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

export function newSmsCode(): string {
  return String(randomInt(10 ** Limits.smsCodeLength)).padStart(Limits.smsCodeLength, '0');
}

/** Stores a fresh code for the phone, replacing any earlier one, with a fresh try count. */
export async function storeSmsCode(
  store: EphemeralStore,
  subject: SmsCodeSubject,
  code: string,
): Promise<void> {
  await store.delete(triesKey(subject));
  await store.set(codeKey(subject), digest(subject.phone, code), SMS_CODE_TTL_MS);
}

export type SmsCodeCheck = 'ok' | 'wrong' | 'too-many-tries';

/**
 * Checks a code. Every guess is counted *before* it is compared, in one atomic increment, so of
 * any number of simultaneous guesses at most five are ever compared (decision 0040: reading the code
 * first and counting after let parallel requests check hundreds). Right: the code is used up
 * (single use; of two simultaneous uses only one wins). The fifth try, right or wrong, is the
 * last: after it the code is deleted, so guessing on needs a new SMS.
 */
export async function verifySmsCode(
  store: EphemeralStore,
  subject: SmsCodeSubject,
  code: string,
): Promise<SmsCodeCheck> {
  const key = codeKey(subject);
  const tries = await store.increment(triesKey(subject), SMS_CODE_TTL_MS);
  if (tries > SMS_CODE_MAX_WRONG_TRIES) {
    await store.delete(key);
    return 'too-many-tries';
  }
  const expected = await store.get(key);
  if (expected === null) return 'wrong';
  const given = digest(subject.phone, code);
  if (timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
    return (await store.take(key)) === expected ? 'ok' : 'wrong';
  }
  if (tries === SMS_CODE_MAX_WRONG_TRIES) {
    await store.delete(key);
    return 'too-many-tries';
  }
  return 'wrong';
}
