import type { Kysely } from 'kysely';
import { loanRulesSchema, type LoanRules } from '@kwarta/domain';
import { messages } from '@kwarta/contract';
import { Refusal } from '../../lib/refusal.ts';
import type { Database, Product } from '../../db/schema.ts';

/** A product with its loan rules parsed (D4): what confirmation and the lifecycle price and date by. */
export interface LoanProduct {
  product: Product;
  rules: LoanRules;
}

export async function findLoanProduct(
  db: Kysely<Database>,
  productId: number,
): Promise<LoanProduct | undefined> {
  const product = await db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
  return product ? loanProductOf(product) : undefined;
}

/** Parsed loan rules by their JSON text: the same text always parses alike, so nothing goes stale. */
const rulesByText = new Map<string, LoanRules>();
const RULES_KEPT = 256;

/**
 * A product row read elsewhere (a join in another owner's read) with its loan rules parsed once
 * per text: a credit decision reads its order's product on every push (decision 0109).
 */
export function loanProductOf(product: Product): LoanProduct {
  let rules = rulesByText.get(product.loan_rules);
  if (!rules) {
    rules = loanRulesSchema.parse(JSON.parse(product.loan_rules));
    if (rulesByText.size >= RULES_KEPT) rulesByText.clear();
    rulesByText.set(product.loan_rules, rules);
  }
  return { product, rules };
}

/**
 * A product that is on offer now (`clickable`, the recommended list's flag): only such an offer is
 * quoted to a borrower or taken. A "Coming soon" product is shown, never lent; its existing orders
 * keep their pages and agreements.
 */
export function requireOpenOffer(loan: LoanProduct): LoanProduct {
  if (loan.product.clickable !== 1) throw Refusal.refused(messages.productNotClickable);
  return loan;
}
