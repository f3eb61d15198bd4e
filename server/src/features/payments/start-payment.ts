import { randomBytes } from 'node:crypto';
import { messages } from '@kwarta/contract';
import {
  chargeFitsTotalCost,
  OrderStatus,
  outstandingAmount,
  owingStatuses,
  quoteExtension,
  type ExtensionQuote,
} from '@kwarta/domain';
import { amountDueNow, findOrderAccount, type OrderAccount } from '../orders/index.ts';
import { complianceProfileById } from '../products/index.ts';
import type { Kysely } from 'kysely';
import type { Database, Payment, PaymentKind } from '../../db/schema.ts';
import { afterCommit } from '../../db/transaction.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import { findPaymentChannel, type PaymentChannel } from './payment-channels.ts';

// A written-off order may still be repaid: the money is a recovery (decision 0103).
const REPAYABLE: readonly number[] = owingStatuses;

/** What a payment of this kind would charge now, the server's own figure; null when there is nothing to pay. */
export function chargeFor(
  account: OrderAccount,
  kind: PaymentKind,
): { amount: number; extensionDays: number | null } | null {
  const { order, balance } = account;
  if (kind === 'repayment') {
    const amount = REPAYABLE.includes(order.status) ? amountDueNow(balance) : 0;
    return amount > 0 ? { amount, extensionDays: null } : null;
  }
  const quote = extensionQuote(account);
  return quote.allowed ? { amount: quote.fee, extensionDays: quote.days } : null;
}

/**
 * Whether the order may be extended now and for what fee; under a compliance profile (D16) only
 * while the fee keeps the order's charges within the total cost cap.
 */
export function extensionQuote(account: OrderAccount): ExtensionQuote {
  const { order, product, balance } = account;
  const quote = quoteExtension({
    enabled: product.extension_enabled === 1,
    status: order.status,
    principal: order.principal,
    extensionsUsed: order.extension_count,
    outstanding: outstandingAmount(balance),
    rules: {
      feeBps: product.extension_fee_bps,
      days: product.extension_days,
      maxExtensions: product.extension_max,
    },
  });
  const fits = chargeFitsTotalCost(complianceProfileById(order.compliance_profile), {
    principal: order.principal,
    charges: order.total_due - order.principal + order.extension_fees,
    penalty: order.penalty_amount,
    extra: quote.allowed ? quote.fee : 0,
  });
  return fits ? quote : { allowed: false, reason: 'disabled' };
}

export interface StartedPayment {
  payUrl: string;
  payCode: string;
  amount: number;
  channelNumber: string;
  expiresAt: string;
}

function started(payment: Payment): StartedPayment {
  return {
    payUrl: payment.pay_url,
    payCode: payment.pay_code,
    amount: payment.expected_amount,
    channelNumber: payment.channel,
    expiresAt: payment.expires_at,
  };
}

/** The open payment of this order and kind, still payable and with a pay code to show (spec §3 defDetail). */
export async function findOpenPayCode(
  db: Kysely<Database>,
  input: { orderId: number; kind: PaymentKind; now: Date },
): Promise<Payment | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('open_key', '=', `${input.orderId}:${input.kind}`)
    .where('status', '=', 'pending')
    .where('expires_at', '>', input.now.toISOString())
    .where('pay_code', '!=', '')
    .executeTakeFirst();
}

type StartDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'paymentProvider' | 'metrics'>;

/**
 * generate-vcode (spec §7): a pay code for the borrower's order through the provider. The amount
 * is ours (what is owed now, or the extension fee), never the client's. One open payment per
 * order and kind (`open_key` unique): a double tap gets the same code back; another channel or
 * a changed amount replaces the open one.
 */
export async function startPayment(
  deps: StartDeps,
  input: { borrowerId: number; orderId: number; productId: number; kind: PaymentKind; channelId: string },
): Promise<StartedPayment> {
  const account = await findOrderAccount(deps.db, { orderId: input.orderId, borrowerId: input.borrowerId });
  if (!account || account.order.product_id !== input.productId) throw Refusal.notFound();
  const channel = findPaymentChannel(deps.config, input.channelId);
  if (!channel) throw Refusal.invalid(messages.payChannelUnavailable);
  const charge = chargeFor(account, input.kind);
  if (!charge) {
    throw Refusal.refused(
      input.kind === 'repayment'
        ? messages.repayNothingOwed
        : account.order.status === OrderStatus.WrittenOff
          ? messages.repayDelayWrittenOff
          : messages.repayDelayNotAllowed,
    );
  }
  const now = deps.clock.now();
  const at = now.toISOString();
  const openKey = `${input.orderId}:${input.kind}`;

  const payment = await openPayment(deps, { ...input, channel, charge, openKey, now });
  if (payment.pay_url) return started(payment);
  try {
    const created = await deps.paymentProvider.create({
      txnid: payment.txnid,
      amount: payment.expected_amount,
      description: `${account.product.name} ${account.order.order_no}`,
      email: `${account.order.order_no.toLowerCase()}@borrowers.kwarta.invalid`,
      channel,
      expiresAt: new Date(payment.expires_at),
    });
    const updated = await deps.db
      .updateTable('payments')
      .set({ pay_url: created.payUrl, pay_code: created.payCode, ref_no: created.refNo, updated_at: at })
      .where('id', '=', payment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    afterCommit(deps.db, () => deps.metrics.payment(payment.provider, 'created'));
    return started(updated);
  } catch (error) {
    // The provider did not take it: free the place so the next tap tries afresh.
    await deps.db
      .updateTable('payments')
      .set({ status: 'failed', status_reason: 'provider_refused', open_key: null, updated_at: at })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .execute();
    afterCommit(deps.db, () => deps.metrics.payment(payment.provider, 'refused'));
    if (error instanceof Refusal) throw error;
    throw new Refusal('unavailable', messages.unavailable);
  }
}

async function openPayment(
  deps: StartDeps,
  input: {
    borrowerId: number;
    orderId: number;
    kind: PaymentKind;
    channel: PaymentChannel;
    charge: { amount: number; extensionDays: number | null };
    openKey: string;
    now: Date;
  },
): Promise<Payment> {
  const at = input.now.toISOString();
  const insert = () =>
    deps.db
      .insertInto('payments')
      .values({
        provider: deps.paymentProvider.name,
        txnid: `KW${input.orderId}${input.kind === 'extension' ? 'E' : 'R'}${randomBytes(6).toString('hex').toUpperCase()}`,
        order_id: input.orderId,
        borrower_id: input.borrowerId,
        kind: input.kind,
        expected_amount: input.charge.amount,
        received_amount: null,
        channel: input.channel.id,
        status: 'pending',
        extension_days: input.charge.extensionDays,
        open_key: input.openKey,
        expires_at: new Date(input.now.getTime() + input.channel.expiryMinutes * 60_000).toISOString(),
        created_at: at,
        updated_at: at,
        paid_at: null,
      })
      .onConflict((conflict) => conflict.column('open_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  // Most taps find no open payment: the insert alone (decision 0099: a round trip on PostgreSQL).
  const inserted = await insert();
  if (inserted) return inserted;
  // One is open. Past its time, or for another channel or amount, it gives up its place.
  const expired = await deps.db
    .updateTable('payments')
    .set({ status: 'expired', open_key: null, updated_at: at })
    .where('open_key', '=', input.openKey)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', at),
        eb('channel', '!=', input.channel.id),
        eb('expected_amount', '!=', input.charge.amount),
      ]),
    )
    .executeTakeFirst();
  if (Number(expired.numUpdatedRows) > 0) {
    const replacing = await insert();
    if (replacing) return replacing;
  }
  // A concurrent tap made it first; its provider call may still be under way.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const open = await deps.db
      .selectFrom('payments')
      .selectAll()
      .where('open_key', '=', input.openKey)
      .executeTakeFirst();
    if (open?.pay_url) return open;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Refusal('unavailable', messages.unavailable);
}
