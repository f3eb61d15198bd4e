import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { AccountKeyRing } from '../../lib/ports/account-keys.ts';

/**
 * Account numbers at rest (DESIGN §3, decision 0060): AES-256-GCM with a random 96-bit nonce,
 * the borrower's id as associated data (a ciphertext copied onto another borrower's row does not
 * decrypt), and the id of the key beside each ciphertext so keys can rotate: the current key
 * encrypts, retired keys only decrypt, `npm run accounts -- rotate-key` moves every row to the
 * current key, after which retired keys can be dropped.
 */
export type { AccountKeyRing } from '../../lib/ports/account-keys.ts';

export interface SealedAccount {
  ciphertext: string;
  keyId: string;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Where a development or sandbox server keeps the key it generated when ACCOUNT_KEY is unset. */
export const GENERATED_KEY_FILE = 'account-key';

/** A key's id: derived from the key, so an operator never has to name keys and cannot mix them up. */
export function accountKeyId(key: Buffer): string {
  return `k${createHash('sha256').update('kwarta-account-key-id').update(key).digest('hex').slice(0, 12)}`;
}

export function createAccountKeyRing(current: Buffer, retired: readonly Buffer[] = []): AccountKeyRing {
  const keys = new Map<string, Buffer>();
  for (const key of [...retired, current]) keys.set(accountKeyId(key), key);
  return { currentId: accountKeyId(current), keys };
}

/**
 * The ring of the configuration, loaded at boot. Without ACCOUNT_KEY production refuses to
 * start; development and sandbox read a key from, or generate one into, the data directory, with
 * a warning: data encrypted with it is only as safe as that directory. (Checked here rather than
 * in config, which parses an empty environment as production on its defaults.)
 */
export function loadAccountKeyRing(
  config: Pick<Config, 'accountKeys' | 'dataDir' | 'isProduction'>,
  warn: (message: string) => void,
): AccountKeyRing {
  const { current, retired } = config.accountKeys;
  if (current) return createAccountKeyRing(current, retired);
  if (config.isProduction)
    throw new Error(
      'ACCOUNT_KEY is required in production (base64 of 32 random bytes: openssl rand -base64 32)',
    );
  const file = path.join(config.dataDir, GENERATED_KEY_FILE);
  let key: Buffer;
  if (fs.existsSync(file)) {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold base64 of 32 bytes`);
  } else {
    key = randomBytes(32);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  warn(
    `ACCOUNT_KEY is not set: payment account numbers are encrypted with the generated key in ${file}. ` +
      'Set ACCOUNT_KEY (openssl rand -base64 32) for any data you mean to keep.',
  );
  return createAccountKeyRing(key, retired);
}

export function sealAccount(ring: AccountKeyRing, plaintext: string, borrowerId: number): SealedAccount {
  return sealSecret(ring, plaintext, associatedData(borrowerId));
}

/**
 * AES-256-GCM under the ring's current key, bound to `context` (the associated data: what the
 * secret belongs to, so a ciphertext copied to another row does not open there). Payment account
 * numbers and operators' second-factor secrets use it.
 */
export function sealSecret(ring: AccountKeyRing, plaintext: string, context: string): SealedAccount {
  const key = ring.keys.get(ring.currentId)!;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    ciphertext: Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64'),
    keyId: ring.currentId,
  };
}

export class AccountKeyMissing extends Error {}

export function openAccount(ring: AccountKeyRing, sealed: SealedAccount, borrowerId: number): string {
  return openSecret(ring, sealed, associatedData(borrowerId));
}

export function openSecret(ring: AccountKeyRing, sealed: SealedAccount, context: string): string {
  const key = ring.keys.get(sealed.keyId);
  if (!key)
    throw new AccountKeyMissing(
      `No key with id ${sealed.keyId}: put the key that encrypted this account in ACCOUNT_KEYS_RETIRED`,
    );
  const bytes = Buffer.from(sealed.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

function associatedData(borrowerId: number): string {
  return `payment_account:borrower:${borrowerId}`;
}

/** What pages and calls show of an account number: its last 4 digits. */
export function maskAccount(lastFour: string): string {
  return `**** ${lastFour}`;
}
