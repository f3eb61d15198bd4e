import { randomInt } from 'node:crypto';
import { LoanConfirmRules, messages, webRoutes } from '@kwarta/contract';
import { calendarDateAt, OrderStatus } from '@kwarta/domain';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Borrower, Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import { agreementTerms, renderAllAgreements } from './agreements.ts';
import {
  findLoanProduct,
  requireOpenOffer,
  quoteLoan,
  quoteTerms,
  type LoanAsk,
  type LoanQuote,
} from '../products/index.ts';

export interface OrderApplication extends LoanAsk {
  productId: number;
  requestId?: string | undefined;
}

export interface CreatedOrder {
  orderId: number;
  productId: number;
  /** False when the request id had already made this order (a double tap, a retry). */
  created: boolean;
}

const openOrderExists = () => new Refusal('conflict', messages.loanOpenOrderExists);

async function orderOfRequest(db: Kysely<Database>, borrowerId: number, requestId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'product_id'])
    .where('borrower_id', '=', borrowerId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** The borrower's open order when it is this very loan (product, principal, term, instalments). */
async function openOrderOf(
  db: Kysely<Database>,
  borrowerId: number,
  asked: { productId: number; quote: LoanQuote },
) {
  return db
    .selectFrom('borrower_open_orders')
    .innerJoin('orders', 'orders.id', 'borrower_open_orders.order_id')
    .select(['orders.id', 'orders.product_id'])
    .where('borrower_open_orders.borrower_id', '=', borrowerId)
    .where('orders.product_id', '=', asked.productId)
    .where('orders.principal', '=', asked.quote.principal)
    .where('orders.term_days', '=', asked.quote.termDays)
    .where('orders.periods', '=', asked.quote.periods)
    .where('orders.status', '=', OrderStatus.UnderReview)
    .executeTakeFirst();
}

function orderNumber(today: string): string {
  return `KW${today.replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * Loan Now (spec §7 loan-detail-push): the order in 21 with the plan confirmation showed, its
 * history, the agreements its borrower agreed to (version and SHA-256), in one transaction.
 * Unique constraints decide the races, never a read first: (borrower, requestId) makes a repeated
 * request answer the order the first one made, and the borrower's open-order row refuses a
 * second open order with the catalogue's message. A push without a request id (the spec's
 * payload) that collides with an open order asking exactly the same loan is its double tap and
 * answers that order.
 */
export async function createOrder(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  borrower: Borrower,
  application: OrderApplication,
): Promise<CreatedOrder> {
  const { db, clock, config } = deps;
  const found = await findLoanProduct(db, application.productId);
  if (!found) throw Refusal.notFound();
  const loan = requireOpenOffer(found);
  const now = clock.now();
  const today = calendarDateAt(now, config.lenderTimeZone);
  const quote = quoteLoan(loan, application, today, quoteTerms(config));
  const at = now.toISOString();
  const orderNo = orderNumber(today);
  const agreements = renderAllAgreements(
    agreementTerms(
      loan,
      quote,
      { config, borrowerName: borrower.full_name, phone: borrower.phone, orderNo: null },
      true,
    ),
  );

  try {
    return await inTransaction(db, async (trx) => {
      const order = await trx
        .insertInto('orders')
        .values({
          order_no: orderNo,
          borrower_id: borrower.id,
          product_id: loan.product.id,
          status: OrderStatus.UnderReview,
          principal: quote.principal,
          total_due: quote.schedule.total,
          paid_amount: 0,
          term_days: quote.termDays,
          periods: quote.periods,
          collection_complaints_allowed: 0,
          applied_at: at,
          disbursed_on: null,
          due_date: null,
          settled_at: null,
          created_at: at,
          updated_at: at,
          request_id: application.requestId ?? null,
          compliance_profile: quote.coveredBy?.id ?? null,
          fees: JSON.stringify(quote.priced.fees),
          charges_capped_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('borrower_open_orders')
        .values({ borrower_id: borrower.id, order_id: order.id })
        .execute();
      await trx
        .insertInto('order_plan_lines')
        .values(orderPlanLines(quote).map((line) => ({ ...line, order_id: order.id })))
        .execute();
      await trx
        .insertInto('order_status_history')
        .values({
          order_id: order.id,
          from_status: null,
          to_status: OrderStatus.UnderReview,
          actor: `borrower:${borrower.id}`,
          reason: 'loan-detail-push',
          created_at: at,
        })
        .execute();
      await trx
        .insertInto('order_agreements')
        .values(
          agreements.map((agreement) => ({
            order_id: order.id,
            document: agreement.text.version.split('/')[0]!,
            version: agreement.text.version,
            sha256: agreement.sha256,
            agreed_at: at,
          })),
        )
        .execute();
      return { orderId: order.id, productId: loan.product.id, created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // With a request id, the order it made; without one (the spec's payload), the open order it
    // collided with when that is exactly the loan it asks for: a double tap, answered alike.
    const earlier =
      application.requestId === undefined
        ? await openOrderOf(db, borrower.id, { productId: loan.product.id, quote })
        : await orderOfRequest(db, borrower.id, application.requestId);
    if (earlier) return { orderId: earlier.id, productId: earlier.product_id, created: false };
    throw openOrderExists();
  }
}

/** The plan lines an order stores: the quote's, unchanged (the property test holds us to it). */
export function orderPlanLines(quote: LoanQuote) {
  return quote.schedule.lines.map((line) => ({
    seq: line.period,
    due_date: line.dueDate,
    principal: line.principal,
    interest: line.interest,
    amount: line.amount,
    paid_amount: 0,
  }));
}

/** Where the push leads (spec §7 lendDetailsUrl); the page adds the session query. */
export function lendDetailsUrl(order: { productId: number; orderId: number }): string {
  const query = new URLSearchParams({
    productId: String(order.productId),
    orderId: String(order.orderId),
    from: LoanConfirmRules.pushFrom,
  });
  return `${webRoutes.orderDetails}?${query}`;
}
