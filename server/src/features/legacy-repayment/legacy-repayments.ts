import { createHash, randomBytes } from 'node:crypto';
import {
  LegacyRepaymentRules,
  Limits,
  messages,
  webRoutes,
  type EndpointData,
  type EndpointParsedRequest,
  type endpoints,
} from '@kwarta/contract';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  listPaymentAccounts,
  maskAccount,
  openPaymentAccount,
  type PayoutAccount,
} from '../bank-binding/index.ts';
import { openCardPayment, paymentChannels } from '../payments/index.ts';
import { deliverSmsCode, verifySmsCode, type SmsCodeSubject } from '../sms/index.ts';
import type { CardDebitProvider, CardDebitResult } from './card-debit.ts';
import {
  accountVerified,
  claimForPaying,
  findRepayment,
  finishPaying,
  insertRepayment,
  tokenCommitted,
  withdrawCommit,
} from './legacy-repayment-repository.ts';
import { postCardDebit, repaymentOwed, type RepaymentOwed } from './card-payment.ts';

type WayDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'store' | 'accountKeys'>;
type ConfirmDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'store' | 'accountKeys' | 'log' | 'metrics'> & {
  cardDebit: CardDebitProvider;
};
// A commit from a verified account pays at once, so it needs what a confirmation needs.
type CommitDeps = ConfirmDeps & Pick<Deps, 'config' | 'smsGateway'>;

/** Who asks: the session's borrower, and where from (the SMS limits, D9). */
export interface LegacyCaller {
  borrowerId: number;
  phone: string;
  ip: string;
  deviceId?: string | undefined;
}

const tokenKey = (tokenHash: string) => `legacy-repay-token:${tokenHash}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const duplicate = () => new Refusal('duplicate-legacy-payment', messages.legacyDuplicatePayment);
const codeSubject = (caller: LegacyCaller, repaymentId: number): SmsCodeSubject => ({
  purpose: 'repayment',
  phone: caller.phone,
  scope: String(repaymentId),
});

/** The borrower's order and what a repayment of it charges now; missing and foreign alike 404. */
async function owedOrRefuse(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  orderId: number,
): Promise<RepaymentOwed> {
  const owed = await repaymentOwed(deps, borrowerId, orderId);
  if (!owed) throw Refusal.notFound();
  if (owed.amount <= 0) throw Refusal.refused(messages.legacyNotRepayable);
  return owed;
}

/** The page's amount, at most what is owed: the client can ask to pay less, never to settle with less. */
const chargeOf = (owed: RepaymentOwed, asked: number | undefined) =>
  asked === undefined ? owed.amount : Math.min(asked, owed.amount);

/**
 * repayment-way (spec §7): the borrower's bound accounts, masked, the amount this repayment will
 * charge, and a fresh repayToken naming it (kept hashed for its time to commit).
 */
export async function legacyRepaymentOptions(
  deps: WayDeps,
  borrowerId: number,
  input: EndpointParsedRequest<typeof endpoints.repaymentWay>,
): Promise<EndpointData<typeof endpoints.repaymentWay>> {
  const owed = await owedOrRefuse(deps, borrowerId, input.orderId);
  const accounts = await listPaymentAccounts(deps, borrowerId);
  const repayToken = randomBytes(24).toString('base64url');
  await deps.store.set(
    tokenKey(sha256(repayToken)),
    JSON.stringify({ borrowerId, orderId: input.orderId }),
    LegacyRepaymentRules.tokenTtlMs,
  );
  return {
    alipay: onlineRepaymentUrlOf(deps.config, owed) ? 1 : 0,
    repayToken,
    bankCards: accounts.map((account) => ({
      id: account.id,
      bankName: account.institutionName,
      cardNo: account.maskedAccount,
      bankCode: account.institutionCode,
    })),
    amount: chargeOf(owed, input.amount),
    orderNo: owed.orderNo,
    userId: borrowerId,
  };
}

/**
 * repayment-commit (spec §7). sendMsg 0: commits the repayment its repayToken names, once (the
 * token is unique in the table, so a repeat, however simultaneous, answers 800005), and sends the
 * SMS code for it. sendMsg 1: sends that repayment's code again (the SMS limits, among them the
 * 60 s gap, apply). Nothing is debited before the code comes back.
 */
export async function commitLegacyRepayment(
  deps: CommitDeps,
  caller: LegacyCaller,
  input: EndpointParsedRequest<typeof endpoints.repaymentCommit>,
): Promise<EndpointData<typeof endpoints.repaymentCommit>> {
  // No coupon feature: a coupon the borrower believes applies must not be dropped silently.
  if (input.couponId?.trim()) throw Refusal.invalid(messages.legacyCouponUnknown);
  if (input.cardId === undefined && !describesCard(input)) throw Refusal.invalid(messages.legacyChooseCard);
  const owed = await owedOrRefuse(deps, caller.borrowerId, input.orderId);
  const tokenHash = sha256(input.repayToken);
  const where = { borrowerId: caller.borrowerId, orderId: input.orderId, tokenHash };

  if (input.sendMsg === '1') {
    const committed = await findRepayment(deps.db, where);
    if (!committed) throw Refusal.invalid(messages.legacyFailed);
    if (committed.status !== 'awaiting_code') throw duplicate();
    await deliverSmsCode(deps, { ...caller, ...codeSubject(caller, committed.id) });
    return { needValid: 1, repayRecordId: committed.id, amount: committed.amount };
  }

  const issued = await deps.store.get(tokenKey(tokenHash));
  const named = issued ? (JSON.parse(issued) as { borrowerId: number; orderId: number }) : null;
  if (named?.borrowerId !== caller.borrowerId || named.orderId !== input.orderId) {
    // A token this borrower already committed answers as the repeat it is; any other is unknown.
    if (await tokenCommitted(deps.db, tokenHash)) throw duplicate();
    throw Refusal.invalid(messages.legacyFailed);
  }
  const account = await payingAccount(deps, caller.borrowerId, input);
  // Read before this commit exists: only an earlier, confirmed debit verifies the account.
  const verified = await accountVerified(deps.db, { borrowerId: caller.borrowerId, accountId: account.id });

  const at = deps.clock.now().toISOString();
  let committed;
  try {
    committed = await insertRepayment(deps.db, {
      borrower_id: caller.borrowerId,
      order_id: input.orderId,
      account_id: account.id,
      token_hash: tokenHash,
      amount: chargeOf(owed, input.amount),
      status: 'awaiting_code',
      paying_order_id: null,
      provider: null,
      txnid: null,
      paid_amount: null,
      failure: null,
      created_at: at,
      updated_at: at,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  if (verified) {
    // needValid 0 (spec §4): the page goes straight to order details, so the debit happens now.
    await payCommitted(deps, caller, committed);
    return { needValid: 0, repayRecordId: committed.id, amount: committed.amount };
  }
  try {
    await deliverSmsCode(deps, { ...caller, ...codeSubject(caller, committed.id) });
  } catch (error) {
    // No code went out: the commit is taken back so the same token may try again.
    await withdrawCommit(deps.db, committed.id);
    throw error;
  }
  return { needValid: 1, repayRecordId: committed.id, amount: committed.amount };
}

type CardFields = Pick<
  EndpointParsedRequest<typeof endpoints.repaymentCommit>,
  'cardId' | 'cardNo' | 'bankCode' | 'bankName'
>;

const given = (value: string | undefined) => value?.trim() || undefined;
const describesCard = (fields: CardFields) =>
  Boolean(given(fields.cardNo) ?? given(fields.bankCode) ?? given(fields.bankName));

/** A card number as the page lists it: masked already, or a full number masked the same way. */
const maskedForm = (cardNo: string) => (cardNo.includes('*') ? cardNo : maskAccount(cardNo.slice(-4)));

/**
 * Whether the commit's card fields (spec §3 commit payload) describe this account: each one
 * given must match, cardNo in its masked form or, when the account is open, as the full number.
 */
function matchesCard(
  account: Pick<PayoutAccount, 'maskedAccount' | 'institutionCode' | 'institutionName'> & {
    accountNumber?: string;
  },
  fields: CardFields,
): boolean {
  const cardNo = given(fields.cardNo);
  if (cardNo !== undefined) {
    const sameNumber =
      cardNo === account.maskedAccount ||
      (account.accountNumber === undefined
        ? maskedForm(cardNo) === account.maskedAccount
        : cardNo.replace(/\s/g, '') === account.accountNumber);
    if (!sameNumber) return false;
  }
  const bankCode = given(fields.bankCode);
  if (bankCode !== undefined && bankCode !== account.institutionCode) return false;
  const bankName = given(fields.bankName);
  return bankName === undefined || bankName === account.institutionName;
}

/**
 * The borrower's account this commit pays from: the one cardId names, whose card fields (when
 * sent) must agree; without cardId, the one account the card fields describe. A foreign or
 * missing cardId answers like a missing one; fields naming no account, or two, ask to choose.
 */
async function payingAccount(
  deps: Pick<Deps, 'db' | 'accountKeys'>,
  borrowerId: number,
  fields: CardFields,
): Promise<PayoutAccount> {
  let accountId = fields.cardId;
  if (accountId === undefined) {
    const described = (await listPaymentAccounts(deps, borrowerId)).filter((account) =>
      matchesCard(account, fields),
    );
    if (described.length !== 1) throw Refusal.invalid(messages.legacyChooseCard);
    accountId = described[0]!.id;
  }
  const account = await openPaymentAccount(deps, borrowerId, accountId);
  if (!account) throw Refusal.notFound();
  if (!matchesCard(account, fields)) throw Refusal.invalid(messages.legacyCardMismatch);
  return account;
}

/**
 * repayment-confirm (spec §7): the code (800006 when wrong), then the repayment is paid
 * (payCommitted).
 */
export async function confirmLegacyRepayment(
  deps: ConfirmDeps,
  caller: LegacyCaller,
  input: EndpointParsedRequest<typeof endpoints.repaymentConfirm>,
): Promise<EndpointData<typeof endpoints.repaymentConfirm>> {
  if (input.verifyCode.trim().length < Limits.legacySmsCodeMinLength) {
    throw Refusal.invalid(messages.legacySmsCodeInvalid);
  }
  const repayment = await findRepayment(deps.db, {
    borrowerId: caller.borrowerId,
    orderId: input.orderId,
    id: input.repaymentRecordId,
  });
  if (!repayment) throw Refusal.notFound();
  if (repayment.status !== 'awaiting_code') throw duplicate();

  const check = await verifySmsCode(deps.store, codeSubject(caller, repayment.id), input.verifyCode.trim());
  if (check === 'too-many-tries') throw new Refusal('wrong-legacy-sms-code', messages.smsCodeTooManyTries);
  if (check === 'wrong') throw new Refusal('wrong-legacy-sms-code', messages.legacyWrongSmsCode);

  return payCommitted(deps, caller, repayment);
}

/**
 * Pays a committed repayment whose borrower is verified (the right SMS code, or an account
 * verified before): it moves to paying once (a second attempt, or another repayment of the
 * order while this one pays, answers 800005), the card is debited outside any transaction, and
 * the debit is posted through the payments' one posting. The charge is the committed amount, at
 * most what is owed at this moment.
 */
async function payCommitted(
  deps: ConfirmDeps,
  caller: LegacyCaller,
  repayment: { id: number; order_id: number; account_id: number; amount: number },
): Promise<EndpointData<typeof endpoints.repaymentConfirm>> {
  const orderId = repayment.order_id;
  const now = deps.clock.now();
  const at = now.toISOString();
  const owed = await repaymentOwed(deps, caller.borrowerId, orderId);
  const amount = owed ? Math.min(repayment.amount, owed.amount) : 0;
  const txnid = `KW${orderId}C${randomBytes(6).toString('hex').toUpperCase()}`;
  let claimed: boolean;
  try {
    claimed = await inTransaction(deps.db, async (trx) => {
      const won = await claimForPaying(trx, {
        id: repayment.id,
        orderId,
        provider: deps.cardDebit.name,
        txnid,
        at,
      });
      if (won && amount > 0) {
        await openCardPayment(trx, {
          provider: deps.cardDebit.name,
          txnid,
          borrowerId: caller.borrowerId,
          orderId,
          amount,
          now,
        });
      }
      return won;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  if (!claimed) throw duplicate();
  if (amount <= 0) {
    await finishPaying(deps.db, { id: repayment.id, status: 'failed', failure: 'nothing_owed', at });
    throw Refusal.refused(messages.legacyNotRepayable);
  }

  const state = await debitClaimedRepayment(deps, {
    repaymentId: repayment.id,
    borrowerId: caller.borrowerId,
    accountId: repayment.account_id,
    txnid,
    amount,
  });
  if (state.status === 'failed') throw Refusal.refused(messages.legacyCardDeclined);
  return { url: orderDetailsUrl(owed!), paidAmount: state.status === 'paid' ? amount : 0 };
}

/** A repayment claimed for paying (its payments row open under `txnid`), ready to be debited. */
export interface ClaimedRepayment {
  repaymentId: number;
  borrowerId: number;
  accountId: number;
  txnid: string;
  /** Centavos: the payments row's expected amount. */
  amount: number;
}

/**
 * Debits the card of a claimed repayment, outside any transaction, then posts the provider's word
 * through the payments' one posting and closes the repayment in the same transaction. The
 * confirmation calls it, and so does the resume job for a repayment whose outcome a crash lost:
 * the card-debit port is idempotent on txnid, so asking again never debits twice.
 */
export async function debitClaimedRepayment(
  deps: Pick<ConfirmDeps, 'db' | 'clock' | 'config' | 'accountKeys' | 'log' | 'metrics' | 'cardDebit'>,
  claimed: ClaimedRepayment,
): Promise<CardDebitResult> {
  const { txnid, amount } = claimed;
  const account = await openPaymentAccount(deps, claimed.borrowerId, claimed.accountId);
  const debit = account
    ? await deps.cardDebit.debit({ txnid, amount, account }).catch((error: unknown) => {
        deps.log.warn({ err: error, txnid }, 'card debit failed');
        return null;
      })
    : null;
  const state: CardDebitResult = debit ?? {
    status: 'failed',
    amount: null,
    refNo: '',
    reason: 'unavailable',
  };
  const outcome = await inTransaction(deps.db, async (trx) => {
    const posted = await postCardDebit(
      { db: trx, clock: deps.clock, config: deps.config, metrics: deps.metrics },
      { provider: deps.cardDebit.name, txnid, state },
    );
    await finishPaying(trx, {
      id: claimed.repaymentId,
      status: state.status === 'paid' ? 'paid' : state.status === 'pending' ? 'submitted' : 'failed',
      paidAmount: state.status === 'paid' ? (state.amount ?? amount) : null,
      failure: state.status === 'failed' ? (state.reason ?? 'declined') : null,
      at: deps.clock.now().toISOString(),
    });
    return posted;
  });
  deps.log.info({ txnid, status: state.status, outcome }, 'legacy card repayment');
  return state;
}

const orderDetailsUrl = (owed: RepaymentOwed) =>
  `${webRoutes.orderDetails}?${new URLSearchParams({ productId: String(owed.productId), orderId: String(owed.orderId) })}`;

/**
 * Where the borrower repays online instead of by card: the product's partner repayment page
 * when it has one, else the order's own instalment page — but that page pays through the
 * e-wallets (the QR channels, spec's "alipay"), so without one configured there is no online way.
 * repayment-way's `alipay` and repayment-huichao both read it, so the page never offers a way
 * the call then refuses.
 */
function onlineRepaymentUrlOf(config: Pick<Deps['config'], 'payments'>, owed: RepaymentOwed): string | null {
  if (owed.externalRepayUrl) return owed.externalRepayUrl;
  if (!paymentChannels(config).some((channel) => channel.showType === 2)) return null;
  const query = new URLSearchParams({ productId: String(owed.productId), orderId: String(owed.orderId) });
  return `${webRoutes.repay}?${query}`;
}

/**
 * repayment-huichao (spec §7): where the borrower repays online instead (onlineRepaymentUrlOf;
 * the page adds the session query). userId must be the session's borrower.
 */
export async function onlineRepaymentUrl(
  deps: Pick<Deps, 'db' | 'config'>,
  borrowerId: number,
  input: EndpointParsedRequest<typeof endpoints.repaymentHuichao>,
): Promise<EndpointData<typeof endpoints.repaymentHuichao>> {
  if (input.userId !== borrowerId) throw Refusal.notFound();
  const url = onlineRepaymentUrlOf(deps.config, await owedOrRefuse(deps, borrowerId, input.orderId));
  if (!url) throw Refusal.refused(messages.legacyOnlineUnavailable);
  return { url };
}
