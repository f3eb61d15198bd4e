import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { semaphoreGateway } from './semaphore-gateway.ts';
import { httpGateway, outboxGateway, type SmsGateway } from './sms-gateway.ts';

/** SMS_GATEWAY picks the adapter (D9); config validation guarantees the HTTP settings exist. */
export function createSmsGateway(
  config: Pick<Config, 'sms'>,
  db: Kysely<Database>,
  clock: Clock,
): SmsGateway {
  if (config.sms.gateway === 'http' && config.sms.http) return httpGateway(config.sms.http);
  if (config.sms.gateway === 'semaphore' && config.sms.semaphore)
    return semaphoreGateway(config.sms.semaphore);
  return outboxGateway(db, clock);
}
