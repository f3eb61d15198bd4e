import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseUnList, replaceList } from '../sanctions/index.ts';
import { rescreenEveryone } from './rescreen.ts';

/**
 * Imports a list in the UN consolidated format (the UN's own or a local one) under its name,
 * replacing that list's previous import, then screens everyone again (decision 0108). A file
 * that does not parse changes nothing.
 */
export async function importSanctionsList(
  deps: { db: Kysely<Database>; now: Date; threshold: number },
  input: { listName: string; xml: string },
): Promise<{ entries: number; screened: number; held: number }> {
  const people = parseUnList(input.xml);
  await replaceList(deps.db, input.listName, people, deps.now);
  const { screened, held } = await rescreenEveryone(deps, deps.threshold, deps.now);
  return { entries: people.length, screened, held };
}
