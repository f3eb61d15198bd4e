import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Operator passwords: scrypt with OWASP's parameters (N=2^17, r=8, p=1; 128 MiB, a few hundred
 * ms), a 16-byte salt, stored as `scrypt$N$r$p$salt$hash` so the parameters can be raised later
 * and old hashes still verify.
 */
export const PASSWORD_HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scrypt(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PASSWORD_HASH_PARAMS;
  const key = await scrypt(password, salt, PASSWORD_HASH_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether the password matches; a malformed or empty stored hash (no password set) never does. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check, so an operator without a password is not told apart.
    await scrypt(password, Buffer.alloc(16), PASSWORD_HASH_PARAMS);
    return false;
  }
  const [, N, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A hash no password matches, checked against when the name is unknown (same work, same answer). */
export const NO_PASSWORD = '';
