import type { Kysely } from 'kysely';
import { loanRulesSchema, type LoanRules } from '@kwarta/domain';
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
