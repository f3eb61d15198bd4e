import { Limits, messages } from '@kwarta/contract';
import type { EphemeralStore } from '../../lib/ephemeral/ephemeral-store.ts';

export interface SmsLimits {
  perPhoneDay: number;
  perIpHour: number;
  perDeviceDay: number;
  globalDay: number;
}

export interface SmsRequester {
  phone: string;
  ip: string;
  deviceId?: string | undefined;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Rule {
  key: string;
  limit: number;
  windowMs: number;
  message: string;
}

/**
 * The sending limits of D9. Days are UTC calendar days (the key carries the date), the hour and
 * the 60 s gap are windows that start with the first request.
 *
 * Order matters, because a refused request has counted against every limit before the one that
 * refused it (decision 0040): the requester's own limits (address, device) come first, so a blocked
 * address never spends the allowance of the phone it names; the victim's phone and the global
 * cap are counted only for a request that passed them. Without a device id the device limit
 * applies to the address instead, so leaving the field out does not skip it.
 */
export function smsRules(limits: SmsLimits, who: SmsRequester, now: Date): Rule[] {
  const day = now.toISOString().slice(0, 10);
  const device = who.deviceId ? `id:${who.deviceId}` : `ip:${who.ip}`;
  return [
    { key: `sms:ip:${who.ip}`, limit: limits.perIpHour, windowMs: HOUR_MS, message: messages.smsIpLimit },
    {
      key: `sms:device:${day}:${device}`,
      limit: limits.perDeviceDay,
      windowMs: DAY_MS,
      message: messages.smsDeviceLimit,
    },
    {
      key: `sms:gap:${who.phone}`,
      limit: 1,
      windowMs: Limits.smsResendCountdownSeconds * 1000,
      message: messages.smsResendRefused,
    },
    {
      key: `sms:phone:${day}:${who.phone}`,
      limit: limits.perPhoneDay,
      windowMs: DAY_MS,
      message: messages.smsPhoneDailyLimit,
    },
    { key: `sms:global:${day}`, limit: limits.globalDay, windowMs: DAY_MS, message: messages.smsGlobalLimit },
  ];
}

/**
 * Counts one request against every limit and returns the message of the first one exceeded, or
 * null when the SMS may go. Counting and checking are one atomic increment per limit, so two
 * instances (or two simultaneous requests) cannot both slip under a limit. A refused request
 * still counts against the limits it reached (hammering never earns an extra message), and
 * against none after the one that refused it.
 */
export async function takeSmsAllowance(
  store: EphemeralStore,
  limits: SmsLimits,
  who: SmsRequester,
  now: Date,
): Promise<string | null> {
  for (const rule of smsRules(limits, who, now)) {
    const count = await store.increment(rule.key, rule.windowMs);
    if (count > rule.limit) return rule.message;
  }
  return null;
}
