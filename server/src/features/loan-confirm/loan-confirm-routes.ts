import type { FastifyInstance } from 'fastify';
import { agreementAt, agreementList, Defaults, fillMessage, messages, endpoints } from '@kwarta/contract';
import { calendarDateAt, moneyStyleFor } from '@kwarta/domain';
import type { SessionQuery } from '@kwarta/contract';
import type { Borrower } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { borrowerLimit, decidePushedOrder } from '../credit-decisions/index.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import {
  agreementTerms,
  createOrder,
  findOrderTerms,
  lendDetailsUrl,
  renderAgreement,
} from '../orders/index.ts';
import {
  findLoanProduct,
  requireOpenOffer,
  quoteLoan,
  quoteTerms,
  type LoanAsk,
  type LoanProduct,
} from '../products/index.ts';
import { agreementUrl, confirmationData } from './confirmation.ts';

/**
 * Spec §7 loan confirmation, both variants: the same handlers behind the plain paths and the
 * /gopia/goya ones, whose disguised keys the route's wireKeys apply (D6).
 */
export async function loanConfirmRoutes(app: FastifyInstance): Promise<void> {
  const today = () => calendarDateAt(app.clock.now(), app.config.lenderTimeZone);

  async function loanOf(productId: number) {
    const loan = await findLoanProduct(app.db, productId);
    if (!loan) throw ApiError.notFound();
    return loan;
  }

  /**
   * The offer never exceeds the borrower's limit (decision 0109): with automatic decisions on, the
   * amount and term asked (the product's own when absent) come down to what the model would
   * approve, never below the product's minimum; the push is still decided, and refused above it.
   */
  async function withinLimit(borrower: Borrower, loan: LoanProduct, ask: LoanAsk): Promise<LoanAsk> {
    if (app.config.creditDecisions !== 'auto') return ask;
    const limit = await borrowerLimit(app, borrower, loan);
    if (!limit) return ask;
    const { product, rules } = loan;
    const amount = ask.amount ?? product.max_amount;
    const term = ask.term ?? product.term_days;
    return {
      ...ask,
      amount: Math.max(product.min_amount, Math.min(amount, limit.amount)),
      term: Math.max(rules.term.minDays, Math.min(term, limit.termDays)),
    };
  }

  // Amounts (and the quote's refusals) in the page's currency: system=1 means rupees (spec §1).
  async function confirm(input: { productId: number } & LoanAsk, session: SessionQuery, borrower: Borrower) {
    const loan = requireOpenOffer(await loanOf(input.productId));
    const startsOn = today();
    const money = moneyStyleFor(app.config.market.money, session.system);
    const ask = await withinLimit(borrower, loan, input);
    const quote = quoteLoan(loan, ask, startsOn, { ...quoteTerms(app.config), money });
    return { loan, data: confirmationData(loan, quote, startsOn, money) };
  }

  registerEndpoint(
    app,
    endpoints.loanDetailConfirm,
    async (input, { session, borrower }) => (await confirm(input, session, borrower)).data,
  );
  registerEndpoint(app, endpoints.goyaConfirm, async (input, { session, borrower }) => {
    const { loan, data } = await confirm(input, session, borrower);
    const creditDays = loan.rules.creditAfterAcceptanceDays.maxDays;
    return {
      ...data,
      NewButtonMsg: loan.product.promo_button_text || messages.loanConfirmPromoButton,
      NewPopMsg:
        loan.product.promo_message || fillMessage(messages.loanConfirmPromoMessage, { days: creditDays }),
    };
  });

  async function contracts(input: { productId: number; scene: number }) {
    await loanOf(input.productId);
    if (input.scene !== Defaults.contractScene) return [];
    return agreementList.map(({ title, position }) => ({ title, id: position }));
  }
  registerEndpoint(app, endpoints.contractList, async (input) => ({
    data: (await contracts(input)).map(({ title }) => ({ title })),
  }));
  registerEndpoint(app, endpoints.goyaContractList, async (input) => ({ data: await contracts(input) }));

  async function jump(
    borrower: Borrower,
    input: { productId: number; position: number; orderId?: number | undefined },
  ) {
    await loanOf(input.productId);
    if (!agreementAt(input.position)) throw ApiError.notFound();
    if (input.orderId) {
      const terms = await findOrderTerms(app.db, borrower.id, input.orderId);
      if (!terms || terms.order.product_id !== input.productId) throw ApiError.notFound();
    }
    return { contract_url: agreementUrl(input) };
  }
  registerEndpoint(app, endpoints.contractJump, (input, { borrower }) => jump(borrower, input));
  registerEndpoint(app, endpoints.goyaContractJump, (input, { borrower }) => jump(borrower, input));

  async function push(borrower: Borrower, input: Parameters<typeof createOrder>[2]) {
    const order = await createOrder(app, borrower, input);
    // Only the push that made the order decides it (decision 0109): a retry answers, never re-decides.
    if (order.created && app.config.creditDecisions === 'auto')
      await decidePushedOrder(app, order.orderId, borrower);
    return { lendDetailsUrl: lendDetailsUrl(order), orderId: order.orderId };
  }
  registerEndpoint(app, endpoints.loanDetailPush, (input, { borrower }) => push(borrower, input));
  registerEndpoint(app, endpoints.goyaPush, (input, { borrower }) => push(borrower, input));

  registerEndpoint(app, endpoints.agreementDocument, async (input, { borrower }) => {
    const loan = await loanOf(input.productId);
    const parties = { config: app.config, borrowerName: borrower.full_name, phone: borrower.phone };
    let rendered;
    let agreed = null;
    if (input.orderId) {
      const terms = await findOrderTerms(app.db, borrower.id, input.orderId);
      if (!terms || terms.order.product_id !== input.productId) throw ApiError.notFound();
      rendered = renderAgreement(
        input.position,
        agreementTerms(
          loan,
          terms.quote,
          { ...parties, orderNo: terms.order.order_no },
          terms.order.disbursed_on === null,
        ),
      );
      const record = rendered && terms.agreements.find((row) => row.version === rendered!.text.version);
      if (record) agreed = { at: record.agreed_at, version: record.version, sha256: record.sha256 };
    } else {
      const quote = quoteLoan(requireOpenOffer(loan), input, today(), quoteTerms(app.config));
      rendered = renderAgreement(
        input.position,
        agreementTerms(loan, quote, { ...parties, orderNo: null }, true),
      );
    }
    if (!rendered) throw ApiError.notFound();
    return { ...rendered.text, sha256: rendered.sha256, agreed };
  });
}
