import type { Kysely } from 'kysely';
import { fillMessage, messages, type ProductChange, type ProductTermsInput } from '@kwarta/contract';
import {
  DomainError,
  calendarDateAt,
  effectiveRate,
  formatPercentBps,
  loanRulesSchema,
  parseProductTerms,
  priceOffer,
  type LoanRules,
  type MoneyStyle,
  type ProductTermsText,
} from '@kwarta/domain';
import type { Database, Product } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import type { LoanProduct } from './loan-products.ts';
import { CapBreachRefusal, productCompliance, profileView } from './compliance.ts';
import { productPricing, quoteTerms } from './loan-quote.ts';
import type { Config } from '../../config.ts';

/** What the editor reads of the deployment: the market's writing, its caps, the lender's rules. */
type ProductConfig = Pick<Config, 'market' | 'compliance' | 'loanRules'>;

/**
 * The console's product editor (decision 0115): terms in the lender's words read into the
 * product's units, checked, previewed, and created or changed through maker-checker.
 */

export function productState(product: Pick<Product, 'clickable' | 'retired_at'>) {
  if (product.retired_at !== null) return 'retired' as const;
  return product.clickable === 1 ? ('on_offer' as const) : ('coming_soon' as const);
}

export const productView = (product: Product) => {
  const rules = loanRulesSchema.parse(JSON.parse(product.loan_rules));
  return {
    id: product.id,
    name: product.name,
    state: productState(product),
    minAmount: product.min_amount,
    maxAmount: product.max_amount,
    termDays: product.term_days,
    periods: product.periods,
    termRateBps: product.term_rate_bps,
    minTermDays: rules.term.minDays,
    maxTermDays: rules.term.maxDays,
    fees: rules.fees,
    loanRules: product.loan_rules,
  };
};

export function listProducts(db: Kysely<Database>) {
  return db.selectFrom('products').selectAll().orderBy('sort_order').orderBy('id').execute();
}

/** The editor's text in the market's writing as the product's units, or a refusal naming each field. */
export function termsFromText(input: ProductTermsText, money: MoneyStyle): ProductTermsInput {
  const parsed = parseProductTerms(input, money);
  if (!parsed.terms)
    throw Refusal.invalid(fillMessage(messages.productTermsInvalid, { issues: parsed.problems.join('; ') }));
  return parsed.terms;
}

async function findProduct(db: Kysely<Database>, productId: number): Promise<Product> {
  const product = await db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
  if (!product) throw Refusal.notFound();
  return product;
}

/**
 * The product `terms` make, on the base of the product it edits (its penalties, notices and page
 * texts kept) or, for a new one, of the lender's default rules; refused, naming each problem,
 * when the figures do not make a product. No compliance check here: the preview shows the
 * breaches, a save refuses them (checkedProduct).
 */
async function draftProduct(
  db: Kysely<Database>,
  productId: number | undefined,
  terms: ProductTermsInput,
  lenderRules: LoanRules,
): Promise<LoanProduct & { base: Product | null }> {
  const base = productId === undefined ? null : await findProduct(db, productId);
  if (base?.retired_at) throw Refusal.refused(fillMessage(messages.productRetired, { productId: base.id }));
  const baseRules: LoanRules = base ? loanRulesSchema.parse(JSON.parse(base.loan_rules)) : lenderRules;
  const rulesResult = loanRulesSchema.safeParse({ ...baseRules, term: terms.term, fees: terms.fees });
  const problems = [
    ...(rulesResult.success
      ? []
      : rulesResult.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    terms.maxAmount < terms.minAmount && 'maxAmount must be at least minAmount',
    (terms.termDays < terms.term.minDays || terms.termDays > terms.term.maxDays) &&
      `termDays must be within the term range ${terms.term.minDays}-${terms.term.maxDays}`,
    terms.periods > terms.termDays && 'periods must not exceed termDays',
  ].filter((problem): problem is string => Boolean(problem));
  if (!rulesResult.success || problems.length)
    throw Refusal.invalid(fillMessage(messages.productTermsInvalid, { issues: problems.join('; ') }));
  const product: Product = {
    ...(base ?? newProductDefaults()),
    name: terms.name,
    min_amount: terms.minAmount,
    max_amount: terms.maxAmount,
    term_days: terms.termDays,
    periods: terms.periods,
    term_rate_bps: terms.termRateBps,
    loan_rules: JSON.stringify(rulesResult.data),
  };
  return { product, rules: rulesResult.data, base };
}

/** A new product's page fields until it is saved (its id is the database's). */
function newProductDefaults(): Product {
  return {
    id: 0,
    name: '',
    logo_url: '/brand/product-starter.svg',
    min_amount: 0,
    max_amount: 0,
    term_days: 0,
    periods: 1,
    term_rate_bps: 0,
    rate_description: '',
    description: '',
    button_text: messages.productApplyButton,
    clickable: 1,
    loan_rules: '{}',
    sort_order: 0,
    created_at: '',
    extension_enabled: 0,
    withdraw_confirm_url: '',
    withdraw_confirm_text: '',
    link_url: '',
    external_repay_url: '',
    due_window_days: 0,
    retired_at: null,
  } as Product;
}

/** The draft refused with every cap it breaks (D16): what a save, proposed or approved, must pass. */
async function checkedProduct(
  db: Kysely<Database>,
  productId: number | undefined,
  terms: ProductTermsInput,
  config: ProductConfig,
) {
  const quote = quoteTerms(config);
  const draft = await draftProduct(db, productId, terms, config.loanRules);
  const breaches = productCompliance(quote.compliance, draft, quote.money);
  if (breaches.length) throw new CapBreachRefusal(breaches);
  return draft;
}

/**
 * What the editor shows before a save, writing nothing: the plans of the smallest and largest
 * amount over the product's term, each with its effective interest rate, and every cap a covered
 * offer breaks, described.
 */
export async function previewProduct(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  productId: number | undefined,
  terms: ProductTermsInput,
) {
  const quote = quoteTerms(deps.config);
  const draft = await draftProduct(deps.db, productId, terms, deps.config.loanRules);
  const today = calendarDateAt(deps.clock.now(), deps.config.lenderTimeZone);
  try {
    const plans = [...new Set([terms.minAmount, terms.maxAmount])].map((principal) => {
      const priced = priceOffer(productPricing(draft), {
        principal,
        termDays: terms.termDays,
        disbursedOn: today,
      });
      const eir = effectiveRate({
        netProceeds: priced.netProceeds,
        disbursedOn: today,
        payments: priced.schedule.lines,
      });
      return {
        principal,
        charges: priced.charges,
        total: priced.schedule.total,
        termDays: priced.termDays,
        fees: priced.fees,
        eirMonthly: eir.monthly,
        eirAnnual: eir.annual,
        lines: priced.schedule.lines.map((line) => ({
          seq: line.period,
          dueDate: line.dueDate,
          amount: line.amount,
        })),
      };
    });
    return {
      plans,
      profile: profileView(quote.compliance),
      breaches: productCompliance(quote.compliance, draft, quote.money),
    };
  } catch (error) {
    if (error instanceof DomainError) throw Refusal.invalid(error.message);
    throw error;
  }
}

/**
 * What maker-checker compares with the product_change threshold: the largest principal the
 * change lets the product lend. Pausing and retiring lend nothing more, so they weigh nothing
 * and apply at once (decision 0115). Refuses now what the change could never do, with its reason,
 * rather than after a second admin's approval.
 */
export async function describeProductChange(
  db: Kysely<Database>,
  change: ProductChange,
  config: ProductConfig,
) {
  if (change.op === 'create' || change.op === 'edit') {
    const productId = change.op === 'edit' ? change.productId : undefined;
    await checkedProduct(db, productId, change.terms, config);
    return { amount: change.terms.maxAmount, subject: `product:${productId ?? 'new'}` };
  }
  const product = await findProduct(db, change.productId);
  const state = productState(product);
  if (state === 'retired')
    throw Refusal.refused(fillMessage(messages.productRetired, { productId: product.id }));
  const target = { pause: 'coming_soon', resume: 'on_offer', retire: 'retired' }[change.op];
  if (state === target)
    throw Refusal.refused(
      fillMessage(messages.productChangeStateRefused, {
        productId: product.id,
        state: target.replace('_', ' '),
      }),
    );
  return { amount: change.op === 'resume' ? product.max_amount : 0, subject: `product:${product.id}` };
}

/**
 * Applies a product change in `db`'s transaction (checked again: the caps or the product may
 * have changed since it was proposed). A retired product keeps its row, so its orders keep their
 * pages and plans; it is only never offered again.
 */
export async function applyProductChange(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  change: ProductChange,
): Promise<{ applied: true; before: Product | null; product: Product }> {
  const { db } = deps;
  const now = deps.clock.now().toISOString();
  if (change.op === 'create' || change.op === 'edit') {
    const productId = change.op === 'edit' ? change.productId : undefined;
    const { product, base } = await checkedProduct(db, productId, change.terms, deps.config);
    const figures = {
      name: product.name,
      min_amount: product.min_amount,
      max_amount: product.max_amount,
      term_days: product.term_days,
      periods: product.periods,
      term_rate_bps: product.term_rate_bps,
      loan_rules: product.loan_rules,
      rate_description: fillMessage(messages.productRateDescription, {
        rate: formatPercentBps(
          Math.round(product.term_rate_bps / product.term_days),
          deps.config.market.money,
        ),
      }),
    };
    if (base) {
      const saved = await db
        .updateTable('products')
        .set(figures)
        .where('id', '=', base.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { applied: true, before: base, product: saved };
    }
    const last = await db
      .selectFrom('products')
      .select((eb) => eb.fn.max('sort_order').as('last'))
      .executeTakeFirst();
    const { id: _id, ...defaults } = newProductDefaults();
    const created = await db
      .insertInto('products')
      .values({ ...defaults, ...figures, sort_order: Number(last?.last ?? 0) + 1, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { applied: true, before: null, product: created };
  }
  await describeProductChange(db, change, deps.config);
  const before = await findProduct(db, change.productId);
  const set =
    change.op === 'resume'
      ? { clickable: 1, button_text: messages.productApplyButton }
      : change.op === 'pause'
        ? { clickable: 0, button_text: messages.productComingSoonButton }
        : { clickable: 0, retired_at: now };
  const product = await db
    .updateTable('products')
    .set(set)
    .where('id', '=', change.productId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { applied: true, before, product };
}
