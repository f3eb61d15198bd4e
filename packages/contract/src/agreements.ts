import { formatMoney, type MoneyStyle } from '@kwarta/domain/money';
import type { PenaltyTier } from '@kwarta/domain/loan-rules';
import { LoanConfirmRules } from './constants.ts';
import { messages } from './messages.ts';

/**
 * The two agreements of loan confirmation, written from the real terms of the offer or order
 * (amounts, every fee, the plan, penalty and prepayment rules, the lender). A change of wording
 * is a new version: an order records the version and SHA-256 of what its borrower agreed to.
 */
export interface AgreementTerms {
  /** How amounts are printed (the market's style, decision 0013). */
  money: MoneyStyle;
  lender: { name: string; address: string; registration: string };
  borrowerName: string;
  productName: string;
  /** Null before the order exists. */
  orderNo: string | null;
  principal: number;
  /** Interest and fees for the whole term, centavos. */
  charges: number;
  total: number;
  termDays: number;
  plan: { period: number; dueDate: string; principal: number; interest: number; amount: number }[];
  /** True until disbursement fixes the dates. */
  datesProvisional: boolean;
  latePenalty: { oneTimeNewClient: number; oneTimeRepeatClient: number; dailyTiers: readonly PenaltyTier[] };
  prepayment: { minElapsedTermPercent: number; minDaysAfterDisbursement: number };
  creditAfterAcceptanceDays: { minDays: number; maxDays: number };
}

export interface AgreementSection {
  heading: string;
  lines: string[];
}

export interface AgreementText {
  title: string;
  version: string;
  sections: AgreementSection[];
}

export const agreementVersions = {
  loanAgreement: 'loan-agreement/2026-11-23',
  disclosureStatement: 'disclosure-statement/2026-11-23',
} as const;

function percent(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

function penaltyLines(terms: AgreementTerms): string[] {
  const { latePenalty } = terms;
  return [
    `A one-time late fee of ${formatMoney(latePenalty.oneTimeNewClient, terms.money)} (${formatMoney(latePenalty.oneTimeRepeatClient, terms.money)} for repeat clients) is charged on the first day an instalment is overdue.`,
    ...latePenalty.dailyTiers.map(
      (tier) =>
        `Days ${tier.fromDay}${tier.toDay === null ? ' onwards' : `–${tier.toDay}`} overdue: ${percent(tier.dailyRateBps)} of the unpaid amount per day, not compounded.`,
    ),
  ];
}

function prepaymentLines(terms: AgreementTerms): string[] {
  return [
    `The Borrower may repay in full once ${terms.prepayment.minElapsedTermPercent}% of the term has elapsed and at least ${terms.prepayment.minDaysAfterDisbursement} days after disbursement, paying the principal and the charges stated above with no further fee.`,
  ];
}

function planLines(terms: AgreementTerms): string[] {
  return [
    ...terms.plan.map(
      (line) =>
        `${line.period}. ${line.dueDate}: ${formatMoney(line.amount, terms.money)} (principal ${formatMoney(line.principal, terms.money)}, interest and fees ${formatMoney(line.interest, terms.money)})`,
    ),
    ...(terms.datesProvisional ? [messages.loanDetailProvisionalDates] : []),
  ];
}

function partiesLines(terms: AgreementTerms): string[] {
  return [
    `Lender: ${terms.lender.name}, ${terms.lender.address}. ${terms.lender.registration}.`,
    `Borrower: ${terms.borrowerName}.`,
    ...(terms.orderNo ? [`Order No.: ${terms.orderNo}.`] : []),
  ];
}

/** The loan agreement (position 0 of the contract list). */
export function loanAgreementText(terms: AgreementTerms): AgreementText {
  return {
    title: messages.agreementLoanTitle,
    version: agreementVersions.loanAgreement,
    sections: [
      { heading: '1. Parties', lines: partiesLines(terms) },
      {
        heading: '2. The loan',
        lines: [
          `The Lender lends the Borrower ${formatMoney(terms.principal, terms.money)} under the product ${terms.productName}, credited within ${terms.creditAfterAcceptanceDays.minDays} to ${terms.creditAfterAcceptanceDays.maxDays} calendar days after approval.`,
          `The term is ${terms.termDays} calendar days, repaid in ${terms.plan.length} instalment(s).`,
          `Interest and fees for the whole term: ${formatMoney(terms.charges, terms.money)}. Total to repay: ${formatMoney(terms.total, terms.money)}.`,
        ],
      },
      { heading: '3. Repayment plan', lines: planLines(terms) },
      { heading: '4. Late payment', lines: penaltyLines(terms) },
      { heading: '5. Prepayment', lines: prepaymentLines(terms) },
      {
        heading: '6. Acceptance',
        lines: [
          'By tapping Loan Now the Borrower applies for this loan on these terms. The Lender decides on the application; the loan exists once the money is sent.',
        ],
      },
    ],
  };
}

/** The disclosure statement (position 1): every figure the borrower pays, in one place. */
export function disclosureStatementText(terms: AgreementTerms): AgreementText {
  return {
    title: messages.agreementDisclosureTitle,
    version: agreementVersions.disclosureStatement,
    sections: [
      { heading: 'Parties', lines: partiesLines(terms) },
      {
        heading: 'Cost of the loan',
        lines: [
          `Principal: ${formatMoney(terms.principal, terms.money)}`,
          `Interest and fees (all charges for the term): ${formatMoney(terms.charges, terms.money)}`,
          `Total to repay: ${formatMoney(terms.total, terms.money)}`,
          `Term: ${terms.termDays} days; instalments: ${terms.plan.length}`,
          'No other fee is deducted from the principal or added to the instalments.',
        ],
      },
      { heading: 'Repayment plan', lines: planLines(terms) },
      { heading: 'Late payment charges', lines: penaltyLines(terms) },
      { heading: 'Prepayment', lines: prepaymentLines(terms) },
    ],
  };
}

/** The agreements of confirmation (contract scene 3) in list order; `position` is what the jump takes. */
export const agreementList: readonly {
  position: number;
  title: string;
  render: (terms: AgreementTerms) => AgreementText;
}[] = [
  {
    position: LoanConfirmRules.agreementPositions.loanAgreement,
    title: messages.agreementLoanTitle,
    render: loanAgreementText,
  },
  {
    position: LoanConfirmRules.agreementPositions.disclosureStatement,
    title: messages.agreementDisclosureTitle,
    render: disclosureStatementText,
  },
];

export function agreementAt(position: number) {
  return agreementList.find((agreement) => agreement.position === position);
}
