import { z } from '@kwarta/domain/zod';
import { DomainError } from './errors.ts';
import type { MinorUnits } from './money.ts';
import type { AllocatedPayment, Allocation, OrderBalance } from './repayment.ts';

/**
 * The double-entry ledger (decision 0099): a chart of accounts and the one journal entry each
 * money event makes. The journal stores our account keys (stable, in code); a lender's own codes
 * and names are a mapping over them (configuration), so renaming an account never rewrites history.
 */

export type AccountType = 'asset' | 'liability' | 'income' | 'expense';
export type NormalSide = 'debit' | 'credit';

/** Our account keys. Cash is one account per provider: `cash:<provider>` (cashAccount). */
export const LedgerAccount = {
  PayoutsInTransit: 'payouts_in_transit',
  PrincipalReceivable: 'receivable:principal',
  InterestReceivable: 'receivable:interest',
  FeesReceivable: 'receivable:fees',
  PenaltyReceivable: 'receivable:penalty',
  InterestIncome: 'income:interest',
  FeeIncome: 'income:fees',
  PenaltyIncome: 'income:penalty',
  BorrowerCredits: 'liability:borrower_credits',
  HeldPaymentsSuspense: 'liability:held_payments',
  WriteOffs: 'expense:write_offs',
  /** Money received on a written-off loan (decision 0103): income of its own, never credit. */
  Recoveries: 'income:recoveries',
  /** Penalties, interest and fees the lender forgave (decision 0110): waivers and restructurings. */
  Waivers: 'expense:waivers',
} as const;

const CASH_PREFIX = 'cash:';

export interface AccountDefinition {
  /** Our key, or `cash:*` for the cash account of every provider. */
  key: string;
  /** The lender's account code; in a template `{provider}` stands for the provider's name. */
  code: string;
  name: string;
  type: AccountType;
}

/** The default chart; LEDGER_ACCOUNTS_FILE may rename and renumber it (chartOfAccounts). */
export const defaultChartOfAccounts: readonly AccountDefinition[] = Object.freeze([
  { key: 'cash:*', code: '1000-{provider}', name: 'Cash at {provider}', type: 'asset' },
  { key: LedgerAccount.PayoutsInTransit, code: '1050', name: 'Payouts in transit', type: 'asset' },
  {
    key: LedgerAccount.PrincipalReceivable,
    code: '1100',
    name: 'Loans receivable — principal',
    type: 'asset',
  },
  { key: LedgerAccount.InterestReceivable, code: '1110', name: 'Interest receivable', type: 'asset' },
  { key: LedgerAccount.FeesReceivable, code: '1120', name: 'Fees receivable', type: 'asset' },
  { key: LedgerAccount.PenaltyReceivable, code: '1130', name: 'Penalties receivable', type: 'asset' },
  { key: LedgerAccount.BorrowerCredits, code: '2100', name: 'Borrower credits', type: 'liability' },
  {
    key: LedgerAccount.HeldPaymentsSuspense,
    code: '2200',
    name: 'Suspense — held payments',
    type: 'liability',
  },
  { key: LedgerAccount.InterestIncome, code: '4100', name: 'Interest income', type: 'income' },
  { key: LedgerAccount.FeeIncome, code: '4200', name: 'Fee income', type: 'income' },
  { key: LedgerAccount.PenaltyIncome, code: '4300', name: 'Penalty income', type: 'income' },
  {
    key: LedgerAccount.Recoveries,
    code: '4400',
    name: 'Recoveries on written-off loans',
    type: 'income',
  },
  { key: LedgerAccount.WriteOffs, code: '5100', name: 'Loan write-offs', type: 'expense' },
  { key: LedgerAccount.Waivers, code: '5200', name: 'Waivers and concessions', type: 'expense' },
] satisfies AccountDefinition[]);

export const normalSideOf = (type: AccountType): NormalSide =>
  type === 'asset' || type === 'expense' ? 'debit' : 'credit';

const PROVIDER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

/** The cash account of a payment or payout provider (`cash:sandbox`, `cash:dragonpay`). */
export function cashAccount(provider: string): string {
  if (!PROVIDER_PATTERN.test(provider)) {
    throw new DomainError('invalid_argument', `not a provider name: ${JSON.stringify(provider)}`);
  }
  return `${CASH_PREFIX}${provider}`;
}

/** LEDGER_ACCOUNTS_FILE: our keys → the lender's code and/or name. Unknown keys are refused. */
export const chartOverridesSchema = z
  .record(
    z.string(),
    z
      .object({
        code: z.string().trim().min(1).max(40).optional(),
        name: z.string().trim().min(1).max(120).optional(),
      })
      .strict(),
  )
  .superRefine((overrides, ctx) => {
    const known = new Set(defaultChartOfAccounts.map((account) => account.key));
    for (const key of Object.keys(overrides)) {
      if (!known.has(key))
        ctx.addIssue({ code: 'custom', message: `unknown ledger account "${key}"`, path: [key] });
    }
  });

export type ChartOverrides = z.infer<typeof chartOverridesSchema>;

export interface ChartOfAccounts {
  /** The definition of any key the journal holds, a provider's cash included; null if unknown. */
  describe(key: string): (AccountDefinition & { normal: NormalSide }) | null;
}

/** The chart with the lender's overrides applied; codes must stay unique. */
export function chartOfAccounts(overrides: ChartOverrides = {}): ChartOfAccounts {
  const definitions = defaultChartOfAccounts.map((account) => ({ ...account, ...overrides[account.key] }));
  const codes = definitions.map((account) => account.code);
  const duplicate = codes.find((code, index) => codes.indexOf(code) !== index);
  if (duplicate) throw new DomainError('invalid_argument', `ledger account code ${duplicate} is used twice`);
  const byKey = new Map(definitions.map((account) => [account.key, account]));
  return {
    describe(key) {
      const isCash = key.startsWith(CASH_PREFIX);
      const template = byKey.get(isCash ? 'cash:*' : key);
      if (!template) return null;
      const provider = key.slice(CASH_PREFIX.length);
      const fill = (text: string) => (isCash ? text.replaceAll('{provider}', provider) : text);
      return {
        ...template,
        key,
        code: fill(template.code),
        name: fill(template.name),
        normal: normalSideOf(template.type),
      };
    },
  };
}

export function isKnownAccount(key: string): boolean {
  if (key.startsWith(CASH_PREFIX)) return PROVIDER_PATTERN.test(key.slice(CASH_PREFIX.length));
  return (Object.values(LedgerAccount) as string[]).includes(key);
}

/** One side of one account: exactly one of debit and credit is positive. */
export interface JournalLine {
  account: string;
  debit: MinorUnits;
  credit: MinorUnits;
}

export type JournalKind =
  | 'payout_sending'
  | 'disbursement'
  | 'payout_failed'
  | 'accrual'
  | 'repayment'
  | 'extension_fee'
  | 'held_payment'
  | 'refund'
  | 'write_off'
  | 'recovery'
  | 'reversal'
  /** A paid repayment taken back (decision 0110): money leaving like a refund, not a correction. */
  | 'payment_reversal'
  | 'waiver'
  | 'restructure';

/** What an event books; the server adds its date, key and references (postJournalEntry). */
export interface JournalEntryDraft {
  kind: JournalKind;
  lines: JournalLine[];
}

const debit = (account: string, amount: MinorUnits): JournalLine => ({ account, debit: amount, credit: 0 });
const credit = (account: string, amount: MinorUnits): JournalLine => ({ account, debit: 0, credit: amount });

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DomainError('invalid_amount', `${what} must be a non-negative integer, got ${String(value)}`);
  }
}

/** Drops zero lines; null when nothing is left (an event that moved no money books nothing). */
function entry(kind: JournalKind, lines: JournalLine[]): JournalEntryDraft | null {
  const kept = lines.filter((line) => line.debit !== 0 || line.credit !== 0);
  if (kept.length === 0) return null;
  const built = { kind, lines: kept };
  assertBalanced(built);
  return built;
}

/** Every line one-sided, non-negative integers, known accounts, debits equal to credits. */
export function assertBalanced(draft: JournalEntryDraft): void {
  if (draft.lines.length < 2) throw new DomainError('unbalanced', `a ${draft.kind} entry needs two lines`);
  let debits = 0;
  let credits = 0;
  for (const line of draft.lines) {
    assertAmount(line.debit, `${line.account} debit`);
    assertAmount(line.credit, `${line.account} credit`);
    if (line.debit > 0 === line.credit > 0) {
      throw new DomainError('unbalanced', `line ${line.account} must have exactly one side`);
    }
    if (!isKnownAccount(line.account)) {
      throw new DomainError('invalid_argument', `unknown ledger account ${line.account}`);
    }
    debits += line.debit;
    credits += line.credit;
  }
  if (debits !== credits) {
    throw new DomainError('unbalanced', `${draft.kind} entry: debits ${debits} ≠ credits ${credits}`);
  }
}

/**
 * The payout is handed to the provider: the principal leaves the provider's cash and is in
 * transit until the provider says it was paid (disbursementEntry) or refused (payoutFailedEntry).
 */
export function payoutSendingEntry(input: {
  provider: string;
  amount: MinorUnits;
}): JournalEntryDraft | null {
  assertAmount(input.amount, 'amount');
  return entry('payout_sending', [
    debit(LedgerAccount.PayoutsInTransit, input.amount),
    credit(cashAccount(input.provider), input.amount),
  ]);
}

export function payoutFailedEntry(input: { provider: string; amount: MinorUnits }): JournalEntryDraft | null {
  assertAmount(input.amount, 'amount');
  return entry('payout_failed', [
    debit(cashAccount(input.provider), input.amount),
    credit(LedgerAccount.PayoutsInTransit, input.amount),
  ]);
}

/**
 * The order's charges: everything its plan lines charge on top of principal (their `interest`),
 * of which `fees` are the fees its disclosure itemised and the rest is interest.
 */
export interface OrderCharges {
  charges: MinorUnits;
  fees: MinorUnits;
}

function splitCharges({ charges, fees }: OrderCharges): { interest: MinorUnits; fees: MinorUnits } {
  assertAmount(charges, 'charges');
  assertAmount(fees, 'fees');
  const feePart = Math.min(fees, charges);
  return { interest: charges - feePart, fees: feePart };
}

/**
 * The payout was paid: the loan is booked. Its plan lines owe principal and charges from this
 * moment (they are fixed at confirmation, not accrued by day), so the receivables and the income
 * are recognised now.
 */
export function disbursementEntry(input: { principal: MinorUnits } & OrderCharges): JournalEntryDraft {
  assertAmount(input.principal, 'principal');
  if (input.principal === 0) throw new DomainError('invalid_amount', 'a loan disburses a principal');
  const { interest, fees } = splitCharges(input);
  return entry('disbursement', [
    debit(LedgerAccount.PrincipalReceivable, input.principal),
    credit(LedgerAccount.PayoutsInTransit, input.principal),
    debit(LedgerAccount.InterestReceivable, interest),
    credit(LedgerAccount.InterestIncome, interest),
    debit(LedgerAccount.FeesReceivable, fees),
    credit(LedgerAccount.FeeIncome, fees),
  ])!;
}

/** Charges that become owed after booking: today only the late penalty, accrued by the daily job. */
export function accrualEntry(input: {
  penalty?: MinorUnits;
  interest?: MinorUnits;
  fees?: MinorUnits;
}): JournalEntryDraft | null {
  const { penalty = 0, interest = 0, fees = 0 } = input;
  for (const [what, value] of Object.entries({ penalty, interest, fees })) assertAmount(value, what);
  return entry('accrual', [
    debit(LedgerAccount.PenaltyReceivable, penalty),
    credit(LedgerAccount.PenaltyIncome, penalty),
    debit(LedgerAccount.InterestReceivable, interest),
    credit(LedgerAccount.InterestIncome, interest),
    debit(LedgerAccount.FeesReceivable, fees),
    credit(LedgerAccount.FeeIncome, fees),
  ]);
}

/**
 * How much of a payment's `interest` allocation pays fees: plan lines carry interest and fees
 * together, and the fees are cleared first, so fees receivable is what is left of the fees after
 * everything the order's charges have received (`chargesPaidBefore`).
 */
export function feesPaidBy(input: {
  order: OrderCharges;
  chargesPaidBefore: MinorUnits;
  chargesPaid: MinorUnits;
}): MinorUnits {
  const { fees } = splitCharges(input.order);
  assertAmount(input.chargesPaidBefore, 'chargesPaidBefore');
  assertAmount(input.chargesPaid, 'chargesPaid');
  const feesLeft = Math.max(0, fees - input.chargesPaidBefore);
  return Math.min(feesLeft, input.chargesPaid);
}

/**
 * A received amount applied to an order: `source` (a provider's cash, or the suspense account for
 * a held payment accepted) is debited; each allocation clears its receivable; what was left over
 * is owed back to the borrower (credit). On a written-off order the allocations are recoveries
 * (decision 0103): the write-off cleared the receivables, so what the borrower still pays on its
 * plan lines is income of its own account, and only money beyond the lines is credit.
 */
export function repaymentEntry(input: {
  source: string;
  allocations: readonly Pick<Allocation, 'component' | 'amount'>[];
  credit: MinorUnits;
  /** The part of the interest allocations that paid fees (feesPaidBy). */
  feesPaid: MinorUnits;
  writtenOff?: boolean;
}): JournalEntryDraft | null {
  assertAmount(input.credit, 'credit');
  assertAmount(input.feesPaid, 'feesPaid');
  const sums = { penalty: 0, interest: 0, principal: 0 };
  for (const allocation of input.allocations) {
    assertAmount(allocation.amount, `${allocation.component} allocation`);
    sums[allocation.component] += allocation.amount;
  }
  if (input.feesPaid > sums.interest) {
    throw new DomainError('invalid_amount', 'fees paid exceed what the interest allocations paid');
  }
  const received = sums.penalty + sums.interest + sums.principal + input.credit;
  const lines = [debit(input.source, received), credit(LedgerAccount.BorrowerCredits, input.credit)];
  if (input.writtenOff) {
    lines.push(credit(LedgerAccount.Recoveries, received - input.credit));
    return entry('recovery', lines);
  } else {
    lines.push(
      credit(LedgerAccount.PenaltyReceivable, sums.penalty),
      credit(LedgerAccount.FeesReceivable, input.feesPaid),
      credit(LedgerAccount.InterestReceivable, sums.interest - input.feesPaid),
      credit(LedgerAccount.PrincipalReceivable, sums.principal),
    );
  }
  return entry('repayment', lines);
}

/**
 * The entry of a payment allocated by allocatePayment on `before`: what the server posts for
 * every repayment, so the fee split is always read from the order's balance before the payment.
 */
export function allocatedPaymentEntry(input: {
  source: string;
  order: OrderCharges;
  before: OrderBalance;
  applied: Pick<AllocatedPayment, 'allocations' | 'credit'>;
  writtenOff?: boolean;
}): JournalEntryDraft | null {
  const chargesPaid = input.applied.allocations
    .filter((allocation) => allocation.component === 'interest')
    .reduce((sum, allocation) => sum + allocation.amount, 0);
  return repaymentEntry({
    source: input.source,
    allocations: input.applied.allocations,
    credit: input.applied.credit,
    feesPaid: feesPaidBy({
      order: input.order,
      chargesPaidBefore: input.before.lines.reduce((sum, line) => sum + line.interestPaid, 0),
      chargesPaid,
    }),
    writtenOff: input.writtenOff,
  });
}

/** A paid extension: the fee is earned when paid (it is never a plan line, so never receivable). */
export function extensionFeeEntry(input: { source: string; fee: MinorUnits }): JournalEntryDraft | null {
  assertAmount(input.fee, 'fee');
  return entry('extension_fee', [debit(input.source, input.fee), credit(LedgerAccount.FeeIncome, input.fee)]);
}

/** Money arrived that we did not ask for (a wrong amount): it is ours to hold, not yet the order's. */
export function heldPaymentEntry(input: { provider: string; amount: MinorUnits }): JournalEntryDraft | null {
  assertAmount(input.amount, 'amount');
  return entry('held_payment', [
    debit(cashAccount(input.provider), input.amount),
    credit(LedgerAccount.HeldPaymentsSuspense, input.amount),
  ]);
}

/** Accepting a held payment is a repayment paid out of the suspense account. */
export function heldPaymentAcceptedEntry(
  input: Omit<Parameters<typeof repaymentEntry>[0], 'source'>,
): JournalEntryDraft | null {
  return repaymentEntry({ ...input, source: LedgerAccount.HeldPaymentsSuspense });
}

/**
 * Money sent back to the borrower through the payout provider: a held payment returned (out of
 * suspense, the default) or a borrower credit refunded.
 */
export function refundEntry(input: {
  provider: string;
  amount: MinorUnits;
  from?: typeof LedgerAccount.HeldPaymentsSuspense | typeof LedgerAccount.BorrowerCredits;
}): JournalEntryDraft | null {
  assertAmount(input.amount, 'amount');
  return entry('refund', [
    debit(input.from ?? LedgerAccount.HeldPaymentsSuspense, input.amount),
    credit(cashAccount(input.provider), input.amount),
  ]);
}

export const heldPaymentReturnedEntry = (input: { provider: string; amount: MinorUnits }) =>
  refundEntry({ ...input, from: LedgerAccount.HeldPaymentsSuspense });

/** What a loan still owes, by receivable. */
export interface Receivables {
  principal: MinorUnits;
  interest: MinorUnits;
  fees: MinorUnits;
  penalty: MinorUnits;
}

/** The lender gives up on what a loan still owes: every receivable cleared into the expense. */
export function writeOffEntry(owed: Receivables): JournalEntryDraft | null {
  for (const [what, value] of Object.entries(owed)) assertAmount(value, what);
  const total = owed.principal + owed.interest + owed.fees + owed.penalty;
  return entry('write_off', [
    debit(LedgerAccount.WriteOffs, total),
    credit(LedgerAccount.PrincipalReceivable, owed.principal),
    credit(LedgerAccount.InterestReceivable, owed.interest),
    credit(LedgerAccount.FeesReceivable, owed.fees),
    credit(LedgerAccount.PenaltyReceivable, owed.penalty),
  ]);
}

/** Entries are never changed: a correction is the mirror entry, every line on the other side. */
export function reversalOf(original: JournalEntryDraft): JournalEntryDraft {
  assertBalanced(original);
  return entry(
    'reversal',
    original.lines.map((line) => ({ account: line.account, debit: line.credit, credit: line.debit })),
  )!;
}

/** Each account's balance as debits − credits (a credit-normal account is negative when in credit). */
export function accountBalances(lines: Iterable<JournalLine>): Map<string, MinorUnits> {
  const balances = new Map<string, MinorUnits>();
  for (const line of lines) {
    balances.set(line.account, (balances.get(line.account) ?? 0) + line.debit - line.credit);
  }
  return balances;
}

/** What the receivable accounts say a loan owes, from its journal lines. */
export function receivablesOf(lines: Iterable<JournalLine>): Receivables {
  const balances = accountBalances(lines);
  const of = (key: string) => balances.get(key) ?? 0;
  return {
    principal: of(LedgerAccount.PrincipalReceivable),
    interest: of(LedgerAccount.InterestReceivable),
    fees: of(LedgerAccount.FeesReceivable),
    penalty: of(LedgerAccount.PenaltyReceivable),
  };
}

/**
 * What an order's plan lines and penalty say it owes, as receivables: principal and charges by
 * line, the charges' fees cleared first (feesPaidBy), the penalty the order's.
 */
export function receivablesOwed(input: {
  order: OrderCharges;
  lines: readonly {
    principal: MinorUnits;
    principalPaid: MinorUnits;
    interest: MinorUnits;
    interestPaid: MinorUnits;
  }[];
  penalty: MinorUnits;
  penaltyPaid: MinorUnits;
}): Receivables {
  const split = splitCharges(input.order);
  const chargesPaid = input.lines.reduce((sum, line) => sum + line.interestPaid, 0);
  const chargesOwed = input.lines.reduce((sum, line) => sum + line.interest - line.interestPaid, 0);
  const fees = Math.max(0, split.fees - chargesPaid);
  return {
    principal: input.lines.reduce((sum, line) => sum + line.principal - line.principalPaid, 0),
    interest: chargesOwed - fees,
    fees,
    penalty: input.penalty - input.penaltyPaid,
  };
}
