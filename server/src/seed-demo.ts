import { seedDemoData } from './db/seed.ts';
import type { Deps } from './lib/deps.ts';
import { seedDemoDecisions } from './features/credit-decisions/index.ts';
import { seedDemoIdentities } from './features/identity/index.ts';
import { assertProductsComply } from './features/products/index.ts';
import { seedDemoMoney } from './features/test-preview/index.ts';

type DemoDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'storage' | 'accountKeys' | 'metrics'>;

/**
 * The demo, in the order its parts need each other: one sequence for a server's first start and
 * for seed:history, which seeds the demo before its history, so neither can miss a part (a demo
 * without identities cannot disburse where identity is required, decision 0108). Each part seeds
 * once and leaves a database that has it alone. Products that break the caps stop it before any
 * demo money is made from them, with or without the demo.
 */
export async function seedDemo(deps: DemoDeps): Promise<void> {
  const { db, clock, config } = deps;
  if (config.seedDemo) {
    await seedDemoData(db, clock.now(), config.loanRules, config.market.id, config.configuredBrand.look);
  }
  await assertProductsComply(db, config);
  if (!config.seedDemo) return;
  // Identities first: a disbursement waits for a verified identity (decision 0108).
  await seedDemoIdentities(deps);
  // Its account, refused payout and held payment, through the features that own them.
  await seedDemoMoney(deps);
  // An approved, a declined and a referred application, decided by the default model (decision 0109).
  if (config.creditDecisions === 'auto') await seedDemoDecisions(deps);
}
