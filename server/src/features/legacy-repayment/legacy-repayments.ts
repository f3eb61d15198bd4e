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
import { listPaymentAccounts, openPaymentAccount } from '../bank-binding/index.ts';
import { openCardPayment } from '../payments/index.ts';
import { deliverSmsCode, verifySmsCode, type SmsCodeSubject } from '../sms/index.ts';
import type { CardDebitProvider, CardDebitResult } from './card-debit.ts';
import {
  claimForPaying,
  findRepayment,
  finishPaying,
  insertRepayment,
  tokenCommitted,
  withdrawCommit,
} from './legacy-repayment-repository.ts';
import { postCardDebit, repaymentOwed, type RepaymentOwed } from './card-payment.ts';

type WayDeps = Pick<Deps, 'db' | 'clock' | 'store' | 'accountKeys'>;
type CommitDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'store' | 'smsGateway' | 'log' | 'accountKeys'>;
type ConfirmDeps = Pick<Deps, 'db' | 'clock' | 'store' | 'accountKeys' | 'log'> & {
  cardDebit: CardDebitProvider;
};

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
    alipay: 1,
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
  if (input.cardId === undefined) throw Refusal.invalid(messages.legacyChooseCard);
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
  const account = await openPaymentAccount(deps, caller.borrowerId, input.cardId);
  if (!account) throw Refusal.notFound();

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
  try {
    await deliverSmsCode(deps, { ...caller, ...codeSubject(caller, committed.id) });
  } catch (error) {
    // No code went out: the commit is taken back so the same token may try again.
    await withdrawCommit(deps.db, committed.id);
    throw error;
  }
  return { needValid: 1, repayRecordId: committed.id, amount: committed.amount };
}

/**
 * repayment-confirm (spec §7): the code (800006 when wrong), then the repayment moves to paying
 * once (a second confirmation, or a confirmation of another repayment of the order while this
 * one pays, answers 800005), the card is debited by the card provider outside any transaction,
 * and the debit is posted through the payments' one posting, idempotent per (provider, txnid).
 * The charge is the committed amount, at most what is owed at this moment.
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

  const now = deps.clock.now();
  const at = now.toISOString();
  const owed = await repaymentOwed(deps, caller.borrowerId, input.orderId);
  const amount = owed ? Math.min(repayment.amount, owed.amount) : 0;
  const txnid = `KW${input.orderId}C${randomBytes(6).toString('hex').toUpperCase()}`;
  let claimed: boolean;
  try {
    claimed = await inTransaction(deps.db, async (trx) => {
      const won = await claimForPaying(trx, {
        id: repayment.id,
        orderId: input.orderId,
        provider: deps.cardDebit.name,
        txnid,
        at,
      });
      if (won && amount > 0) {
        await openCardPayment(trx, {
          provider: deps.cardDebit.name,
          txnid,
          borrowerId: caller.borrowerId,
          orderId: input.orderId,
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
  deps: Pick<ConfirmDeps, 'db' | 'clock' | 'accountKeys' | 'log' | 'cardDebit'>,
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
      { db: trx, clock: deps.clock },
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
 * repayment-huichao (spec §7): where the borrower repays online instead, the product's partner
 * repayment page when it has one, else the order's own instalment repayment page (the page adds
 * the session query). userId must be the session's borrower.
 */
export async function onlineRepaymentUrl(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  input: EndpointParsedRequest<typeof endpoints.repaymentHuichao>,
): Promise<EndpointData<typeof endpoints.repaymentHuichao>> {
  if (input.userId !== borrowerId) throw Refusal.notFound();
  const owed = await owedOrRefuse(deps, borrowerId, input.orderId);
  if (owed.externalRepayUrl) return { url: owed.externalRepayUrl };
  const query = new URLSearchParams({ productId: String(owed.productId), orderId: String(owed.orderId) });
  return { url: `${webRoutes.repay}?${query}` };
}
