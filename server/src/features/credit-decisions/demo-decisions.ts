import type { MarketId } from '@kwarta/contract';
import { DEMO_PHONES } from '../../db/seed.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  findBorrower,
  findBorrowerByPhone,
  findOrCreateBorrower,
  setBorrowerName,
} from '../borrowers/index.ts';
import { createOrder, findOrderWithBorrowerAndProduct, listOrderCards } from '../orders/index.ts';
import { createSession } from '../sessions/index.ts';
import { decidePushedOrder } from './decide-order.ts';

/**
 * Three demo applications decided by the shipped default model through the same code as a push
 * (decision 0109): one approved, one declined with its reasons, one referred to a person. Seeded
 * once, beside the demo borrower, only where automatic decisions are on.
 */
const DEMO_APPLICANTS = [
  {
    outcome: 'approved',
    name: 'Rosa Approved',
    suffix: '901',
    amount: 300_000,
    device: 'demo-device-approved',
  },
  // Asks above a first loan's limit: declined, with the reason and when to apply again.
  {
    outcome: 'declined',
    name: 'Pedro Declined',
    suffix: '902',
    amount: 900_000,
    device: 'demo-device-declined',
  },
  // Signs in on Rosa's phone: referred to a credit officer (shared device).
  {
    outcome: 'referred',
    name: 'Lito Referred',
    suffix: '903',
    amount: 300_000,
    device: 'demo-device-approved',
  },
] as const;

export type DemoApplicantOutcome = (typeof DEMO_APPLICANTS)[number]['outcome'];
export const demoApplicantOutcomes: readonly DemoApplicantOutcome[] = DEMO_APPLICANTS.map(
  (applicant) => applicant.outcome,
);

/** The demo applicant the default model decided so, with their order and device; null when not seeded. */
export async function findDemoApplicant(
  db: Deps['db'],
  market: MarketId,
  outcome: DemoApplicantOutcome,
): Promise<{ borrowerId: number; productId: number; orderId: number; deviceId: string } | null> {
  const applicant = DEMO_APPLICANTS.find((candidate) => candidate.outcome === outcome)!;
  const borrower = await findBorrowerByPhone(db, DEMO_PHONES[market].slice(0, -3) + applicant.suffix);
  if (!borrower) return null;
  const [latest] = await listOrderCards(db, borrower.id, 1);
  const order = latest && (await findOrderWithBorrowerAndProduct(db, latest.id));
  if (!order) return null;
  return {
    borrowerId: borrower.id,
    productId: order.product_id,
    orderId: latest.id,
    deviceId: applicant.device,
  };
}

export async function seedDemoDecisions(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<void> {
  const { db, clock, config } = deps;
  const phoneOf = (suffix: string) => DEMO_PHONES[config.market.id].slice(0, -3) + suffix;
  if (await findBorrowerByPhone(db, phoneOf(DEMO_APPLICANTS[0].suffix))) return;
  for (const applicant of DEMO_APPLICANTS) {
    const borrowerId = await findOrCreateBorrower(db, phoneOf(applicant.suffix), clock.now());
    await setBorrowerName(db, borrowerId, applicant.name);
    await createSession(db, {
      borrowerId,
      deviceId: applicant.device,
      now: clock.now(),
      policy: config.session,
    });
    const borrower = (await findBorrower(db, borrowerId))!;
    // Product 1 is the demo's first product (Flex), seeded before this runs; its term and instalments.
    const order = await createOrder(deps, borrower, { productId: 1, amount: applicant.amount });
    await decidePushedOrder(deps, order.orderId, borrower);
  }
}
