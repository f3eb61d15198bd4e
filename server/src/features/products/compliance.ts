import { describeCapBreach } from '@kwarta/contract';
import type { Kysely } from 'kysely';
import {
  complianceProfiles,
  loanRulesSchema,
  productBreaches,
  type ComplianceProfile,
  type LoanRules,
  type MoneyStyle,
} from '@kwarta/domain';
import { ConfigError, type Config } from '../../config.ts';
import type { Database, Product } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import { productPricing } from './loan-quote.ts';

/** A product edit refused because a covered offer would break a cap: the console audits these. */
export class CapBreachRefusal extends Refusal {
  constructor(readonly breaches: readonly string[]) {
    super('invalid', breaches.join(' '));
  }
}

/** The profile an order recorded (D16), or null: an unknown id is a profile retired from the list. */
export function complianceProfileById(id: string | null): ComplianceProfile | null {
  return id !== null && Object.hasOwn(complianceProfiles, id)
    ? complianceProfiles[id as keyof typeof complianceProfiles]
    : null;
}

/** A profile as the console's verdicts name it: its id and the name an operator reads. */
export function profileView(profile: ComplianceProfile | null): { id: string; name: string } | null {
  return profile ? { id: profile.id, name: profile.name } : null;
}

/** The profile an order recorded, as the console names it; one no longer listed keeps its id as its name. */
export function recordedProfileView(id: string | null): { id: string; name: string } | null {
  return id === null ? null : (profileView(complianceProfileById(id)) ?? { id, name: id });
}

/**
 * Each cap a product's covered offers would break under the profile, in the catalogue's words
 * (the cap, the figure, the limit, the offer): what the console refuses a save with and what
 * stops a boot. Empty without a profile or when every covered offer complies.
 */
export function productCompliance(
  profile: ComplianceProfile | null,
  { product, rules }: { product: Product; rules: LoanRules },
  money: MoneyStyle,
): string[] {
  if (!profile) return [];
  return productBreaches(profile, {
    minAmount: product.min_amount,
    maxAmount: product.max_amount,
    pricing: productPricing({ product, rules }),
  }).map((breach) => describeCapBreach(breach, profile, money));
}

/**
 * A start under a compliance profile with a product whose covered offers break it stops, listing
 * every product and cap (D16): a lender must not switch a market on with unlawful products. The
 * message is all the operator sees (server.ts prints a ConfigError alone), so it says where the
 * products are and the three ways on: the spec's market, editing them, or starting fresh.
 */
export async function assertProductsComply(
  db: Kysely<Database>,
  config: Pick<Config, 'compliance' | 'market' | 'databaseUrl' | 'dataDir'>,
): Promise<void> {
  if (!config.compliance) return;
  const problems: string[] = [];
  for (const product of await db.selectFrom('products').selectAll().orderBy('id').execute()) {
    const rules = loanRulesSchema.parse(JSON.parse(product.loan_rules));
    for (const breach of productCompliance(config.compliance, { product, rules }, config.market.money)) {
      problems.push(`  product ${product.id} (${product.name}): ${breach}`);
    }
  }
  if (problems.length) throw new ConfigError(nonCompliantProductsMessage(config, problems));
}

function nonCompliantProductsMessage(
  config: Pick<Config, 'compliance' | 'market' | 'databaseUrl' | 'dataDir'>,
  problems: readonly string[],
): string {
  const profile = config.compliance!;
  const where = config.databaseUrl
    ? `the database ${databaseName(config.databaseUrl)}`
    : `the data directory ${config.dataDir}`;
  const fresh = config.databaseUrl
    ? `drop and create the database ${databaseName(config.databaseUrl)}`
    : `remove ${config.dataDir} (or set DATA_DIR to a new directory)`;
  return [
    `Kwarta did not start: products in ${where} break the legal cost caps this server applies (MARKET=${config.market.id}, compliance profile ${profile.id}: ${profile.source}):`,
    ...problems,
    'To start, either:',
    "  - keep these products and run the spec's market, which applies no caps: MARKET=spec npm start (COMPLIANCE unset)",
    '  - or bring them within the caps: start with MARKET=spec, edit them in the console (Products), then start again',
    `  - or start fresh with the demo's lawful products: ${fresh}, then start again (this deletes every borrower, order and payment in it)`,
  ].join('\n');
}

/** The database's name from its URL: the credentials never reach the message. */
function databaseName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || url;
  } catch {
    return 'of DATABASE_URL';
  }
}
