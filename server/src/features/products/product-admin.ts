import type { Kysely } from 'kysely';
import { fillMessage, messages } from '@kwarta/contract';
import { DomainError, calendarDateAt, loanRulesSchema, type LoanRules } from '@kwarta/domain';
import type { Database, Product } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import type { LoanProduct } from './loan-products.ts';
import { CapBreachRefusal, productCompliance } from './compliance.ts';
import { quoteLoan, quoteTerms, type QuoteTerms } from './loan-quote.ts';

/** The console's product admin: the list, a checked edit, its plan preview and its save. */

export interface ProductEdit {
  productId: number;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  termDays?: number | undefined;
  termRateBps?: number | undefined;
  loanRules?: string | undefined;
}

export const productView = (product: Product) => ({
  id: product.id,
  name: product.name,
  minAmount: product.min_amount,
  maxAmount: product.max_amount,
  termDays: product.term_days,
  periods: product.periods,
  termRateBps: product.term_rate_bps,
  loanRules: product.loan_rules,
});

export function listProducts(db: Kysely<Database>) {
  return db.selectFrom('products').selectAll().orderBy('sort_order').orderBy('id').execute();
}

/**
 * A product with an admin's proposed changes applied and checked: the loan rules by the domain
 * schema, amounts and term against each other and against the rules. Refusals say what is wrong.
 * Nothing is written here; saving and previewing share it, so a preview shows exactly what a save
 * would keep.
 */
export async function editedProduct(
  db: Kysely<Database>,
  edit: ProductEdit,
  terms: QuoteTerms,
): Promise<LoanProduct> {
  const product = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', edit.productId)
    .executeTakeFirst();
  if (!product) throw Refusal.notFound();
  let rules: LoanRules;
  try {
    rules = loanRulesSchema.parse(JSON.parse(edit.loanRules ?? product.loan_rules));
  } catch (error) {
    const issues =
      error instanceof Error && 'issues' in error
        ? (error as { issues: { path: PropertyKey[]; message: string }[] }).issues
            .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
            .join('; ')
        : 'not JSON';
    throw Refusal.invalid(fillMessage(messages.consoleLoanRulesInvalid, { issues }));
  }
  const next: Product = {
    ...product,
    min_amount: edit.minAmount ?? product.min_amount,
    max_amount: edit.maxAmount ?? product.max_amount,
    term_days: edit.termDays ?? product.term_days,
    term_rate_bps: edit.termRateBps ?? product.term_rate_bps,
    loan_rules: JSON.stringify(rules),
  };
  const problems = [
    next.min_amount <= 0 && 'minAmount must be positive',
    next.max_amount < next.min_amount && 'maxAmount must be at least minAmount',
    next.term_rate_bps < 0 && 'termRateBps must not be negative',
    (next.term_days < rules.term.minDays || next.term_days > rules.term.maxDays) &&
      `termDays must be within the rules' ${rules.term.minDays}-${rules.term.maxDays}`,
    next.periods > next.term_days && 'periods must not exceed termDays',
  ].filter(Boolean);
  if (problems.length)
    throw Refusal.invalid(fillMessage(messages.consoleLoanRulesInvalid, { issues: problems.join('; ') }));
  // D16: no covered offer of the product may break a cap of the deployment's profile.
  const breaches = productCompliance(terms.compliance, { product: next, rules }, terms.money);
  if (breaches.length) throw new CapBreachRefusal(breaches);
  return { product: next, rules };
}

/**
 * Saves an admin's changes to a product once editedProduct has checked them, on `db`'s
 * transaction when it is one (the console audits the save in it). Returns the product as it was
 * and as it is now, for that audit.
 */
export async function saveProduct(
  db: Kysely<Database>,
  edit: ProductEdit,
  terms: QuoteTerms,
): Promise<{ before: Product; saved: Product }> {
  const { product: next } = await editedProduct(db, edit, terms);
  const before = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', edit.productId)
    .executeTakeFirstOrThrow();
  const saved = await db
    .updateTable('products')
    .set({
      min_amount: next.min_amount,
      max_amount: next.max_amount,
      term_days: next.term_days,
      term_rate_bps: next.term_rate_bps,
      loan_rules: next.loan_rules,
    })
    .where('id', '=', edit.productId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, saved };
}

export async function planPreview(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  edit: ProductEdit & { amount: number; term?: number | undefined },
) {
  const loanProduct = await editedProduct(deps.db, edit, quoteTerms(deps.config));
  const today = calendarDateAt(deps.clock.now(), deps.config.lenderTimeZone);
  try {
    const quote = quoteLoan(
      loanProduct,
      { amount: edit.amount, term: edit.term },
      today,
      quoteTerms(deps.config),
    );
    return {
      principal: quote.principal,
      charges: quote.charges,
      total: quote.schedule.total,
      termDays: quote.termDays,
      lines: quote.schedule.lines.map((line) => ({
        seq: line.period,
        dueDate: line.dueDate,
        amount: line.amount,
      })),
    };
  } catch (error) {
    if (error instanceof DomainError) throw Refusal.invalid(error.message);
    throw error;
  }
}
