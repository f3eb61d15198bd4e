import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { getSettings } from '../../db/settings-repository.ts';
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

/** The contacts as borrower pages show them, kept a few seconds per instance (lib/lender-wide-cache.ts). */
export function shownServiceContacts(
  deps: Pick<Deps, 'db' | 'config' | 'lenderWide'>,
): Promise<ServiceContacts> {
  return deps.lenderWide.read('service-contacts', () =>
    getServiceContacts(deps.db, deps.config.defaultSupport),
  );
}
