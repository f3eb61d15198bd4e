import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { getSettings, putSetting } from '../../db/settings-repository.ts';
import type { Deps } from '../../lib/deps.ts';

export const SERVICE_CONTACT_KEYS = {
  email: 'service.email',
  whatsapp: 'service.whatsapp',
  phone: 'service.phone',
} as const;

export interface ServiceContacts {
  email: string;
  whatsapp: string;
  phone: string;
}

/** Operator settings win; the configured defaults fill what an operator has not set. */
export async function getServiceContacts(
  db: Kysely<Database>,
  defaults: ServiceContacts,
): Promise<ServiceContacts> {
  const stored = await getSettings(db, Object.values(SERVICE_CONTACT_KEYS));
  return {
    email: stored.get(SERVICE_CONTACT_KEYS.email) ?? defaults.email,
    whatsapp: stored.get(SERVICE_CONTACT_KEYS.whatsapp) ?? defaults.whatsapp,
    phone: stored.get(SERVICE_CONTACT_KEYS.phone) ?? defaults.phone,
  };
}

/**
 * An admin's new contacts, kept as settings over the configured defaults (SUPPORT_EMAIL …). Borrower
 * pages read them through the lender-wide cache, so they show within LENDER_DATA_CACHE_MS (5 s).
 */
export async function saveServiceContacts(
  db: Kysely<Database>,
  contacts: ServiceContacts,
  now: Date,
): Promise<void> {
  for (const field of Object.keys(SERVICE_CONTACT_KEYS) as (keyof ServiceContacts)[]) {
    await putSetting(db, SERVICE_CONTACT_KEYS[field], contacts[field], now);
  }
}

/** The contacts as borrower pages show them, kept a few seconds per instance (lib/lender-wide-cache.ts). */
export function shownServiceContacts(
  deps: Pick<Deps, 'db' | 'config' | 'lenderWide'>,
): Promise<ServiceContacts> {
  return deps.lenderWide.read('service-contacts', () =>
    getServiceContacts(deps.db, deps.config.defaultSupport),
  );
}
