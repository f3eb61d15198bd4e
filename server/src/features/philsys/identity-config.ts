import { z } from 'zod';
import { philSysPublicKey } from './philsys-qr.ts';
import { DEMO_PHILSYS_PUBLIC_KEY } from './philsys-signing.ts';
import { DEFAULT_MATCH_THRESHOLD } from '../sanctions/index.ts';

/** The environment variables of identity and screening (decision 0108), merged into config.ts. */
export const identityEnv = {
  // required: no order is disbursed before the borrower's identity is verified. The PH
  // market's preset requires it (SEC MC 4-2021); other markets leave it off unless set.
  KYC: z.enum(['required', 'off']).optional(),
  // Ed25519 public keys the PhilSys QR may be signed with: base64 raw keys or PEMs, comma-separated.
  PHILSYS_PUBLIC_KEY: z
    .string()
    .optional()
    .refine((keys) => keys === undefined || splitKeys(keys).every(parses), {
      message: 'must be Ed25519 public keys: 32 bytes base64-encoded, or PEM, separated by commas',
    }),
  SANCTIONS_MATCH_THRESHOLD: z.coerce.number().min(0.5).max(1).default(DEFAULT_MATCH_THRESHOLD),
};

function splitKeys(text: string): string[] {
  // A PEM holds no comma, so commas separate keys of either form.
  return text
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

function parses(key: string): boolean {
  try {
    philSysPublicKey(key);
    return true;
  } catch {
    return false;
  }
}

export interface IdentitySettings {
  kyc: 'required' | 'off';
  /** The keys the QR may be signed with; production trusts only configured ones. */
  philSysKeys: string[];
  matchThreshold: number;
}

export function identitySettingsOf(env: {
  APP_ENV: string;
  MARKET: string;
  KYC?: 'required' | 'off' | undefined;
  PHILSYS_PUBLIC_KEY?: string | undefined;
  SANCTIONS_MATCH_THRESHOLD: number;
}): IdentitySettings {
  return {
    kyc: env.KYC ?? (env.MARKET === 'PH' ? 'required' : 'off'),
    philSysKeys: env.PHILSYS_PUBLIC_KEY
      ? splitKeys(env.PHILSYS_PUBLIC_KEY)
      : env.APP_ENV === 'production'
        ? []
        : [DEMO_PHILSYS_PUBLIC_KEY],
    matchThreshold: env.SANCTIONS_MATCH_THRESHOLD,
  };
}
