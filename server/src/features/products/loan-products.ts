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
  return product ? { product, rules: loanRulesSchema.parse(JSON.parse(product.loan_rules)) } : undefined;
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
