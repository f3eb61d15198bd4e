import { createHash, randomBytes } from 'node:crypto';
import type { EphemeralStore } from '../../lib/ephemeral/ephemeral-store.ts';
import { captchaMatches, newCaptchaText, renderCaptcha } from './captcha-image.ts';

/** A sid lives as long as a visitor plausibly stays on the landing page. */
export const SID_TTL_MS = 30 * 60_000;
/** D10: a short TTL; a visitor who waits longer taps the image for a new one. */
export const CAPTCHA_TTL_MS = 3 * 60_000;

const sidKey = (sid: string) => `sid:${sid}`;
const captchaKey = (sid: string) => `captcha:${sid}`;
const passKey = (sid: string) => `captcha-pass:${sid}`;

/** 128 bits from the CSPRNG: a sid cannot be guessed to read someone else's captcha. */
export async function issueSid(store: EphemeralStore): Promise<string> {
  const sid = randomBytes(16).toString('base64url');
  await store.set(sidKey(sid), '1', SID_TTL_MS);
  return sid;
}

/** A new captcha for a sid we issued, replacing any earlier one; null for an unknown sid. */
export async function newCaptchaImage(store: EphemeralStore, sid: string): Promise<Buffer | null> {
  if ((await store.get(sidKey(sid))) === null) return null;
  const text = newCaptchaText();
  await store.set(captchaKey(sid), text, CAPTCHA_TTL_MS);
  return renderCaptcha(text);
}

/**
 * Checks an answer and uses the captcha up whatever the outcome (D10: single use), so one image
 * allows one guess; the page loads a new one after a refusal.
 */
export async function consumeCaptcha(store: EphemeralStore, sid: string, answer: string): Promise<boolean> {
  const expected = await store.take(captchaKey(sid));
  return expected !== null && captchaMatches(expected, answer);
}

/** The current answer, for the development endpoint only (never logged). */
export async function peekCaptcha(store: EphemeralStore, sid: string): Promise<string | null> {
  return store.get(captchaKey(sid));
}

function passValue(phone: string, answer: string): string {
  return createHash('sha256').update(`${phone}:${answer.trim().toUpperCase()}`).digest('hex');
}

/**
 * Spec §7 sends the captcha again with the registration: the check at get-sms leaves a pass
 * bound to the sid, the phone and that answer, valid as long as the SMS code.
 */
export async function grantCaptchaPass(
  store: EphemeralStore,
  input: { sid: string; phone: string; answer: string; ttlMs: number },
): Promise<void> {
  await store.set(passKey(input.sid), passValue(input.phone, input.answer), input.ttlMs);
}

export async function hasCaptchaPass(
  store: EphemeralStore,
  input: { sid: string; phone: string; answer: string },
): Promise<boolean> {
  return (await store.get(passKey(input.sid))) === passValue(input.phone, input.answer);
}

export async function revokeCaptchaPass(store: EphemeralStore, sid: string): Promise<void> {
  await store.delete(passKey(sid));
}
