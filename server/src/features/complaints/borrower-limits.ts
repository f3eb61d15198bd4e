import { messages } from '@kwarta/contract';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';

/**
 * What one borrower may do in a day (decision 0040): uploads and complaints are written
 * to disk and read by people, so a stolen or scripted session must not produce them without
 * bound. Counted in the short-lived store before the work is done, one atomic increment each, so
 * parallel requests cannot slip past; attaching images to a complaint does not give uploads back.
 */
export const BORROWER_DAILY_LIMITS = { uploads: 60, complaints: 20 } as const;

export async function limitPerBorrower(
  deps: Pick<Deps, 'store'>,
  borrowerId: number,
  name: keyof typeof BORROWER_DAILY_LIMITS,
): Promise<void> {
  const count = await deps.store.increment(`per-borrower:${name}:${borrowerId}`, 86_400_000);
  if (count > BORROWER_DAILY_LIMITS[name]) throw new Refusal('too-many', messages.tooManyRequests);
}
