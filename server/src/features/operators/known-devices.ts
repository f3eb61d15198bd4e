import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Known devices (decision 0091): a good sign-in leaves a random 256-bit token in an HttpOnly
 * cookie and stores its SHA-256 for that operator, so a copied database names no cookie. One
 * browser keeps one token; signing in as another operator there makes it their device too.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a device cookie of ours looks like: 32 bytes, base64url. Anything else is no device. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isDeviceToken(token: string | undefined): token is string {
  return token !== undefined && DEVICE_TOKEN.test(token);
}

/** Whether the cookie's token is one of this operator's known devices. */
export async function isKnownDevice(
  db: Kysely<Database>,
  operatorId: number,
  token: string | undefined,
): Promise<boolean> {
  if (!isDeviceToken(token)) return false;
  const row = await db
    .selectFrom('operator_devices')
    .select('operator_id')
    .where('operator_id', '=', operatorId)
    .where('device_hash', '=', sha256(token))
    .executeTakeFirst();
  return row !== undefined;
}

/** The key a device's attempts on one operator are counted under (never the token itself). */
export const deviceThrottleKey = (operatorId: number, token: string) =>
  `console-sign-in:device:${operatorId}:${sha256(token)}`;

/**
 * After a good sign-in: the browser's token (its own if it sent one of ours, else a new one),
 * recorded as this operator's device, seen now from this address.
 */
export async function rememberDevice(
  db: Kysely<Database>,
  input: { operatorId: number; token: string | undefined; now: Date; address: string },
): Promise<string> {
  const token = isDeviceToken(input.token) ? input.token : randomBytes(32).toString('base64url');
  const now = input.now.toISOString();
  await db
    .insertInto('operator_devices')
    .values({
      operator_id: input.operatorId,
      device_hash: sha256(token),
      first_seen: now,
      last_seen: now,
      last_address: input.address,
    })
    .onConflict((oc) =>
      oc.columns(['operator_id', 'device_hash']).doUpdateSet({ last_seen: now, last_address: input.address }),
    )
    .execute();
  return token;
}

/** Devices not seen for longer than their cookie lasts can never be presented again. */
export async function purgeStaleDevices(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('operator_devices')
    .where('last_seen', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
