import { formatMoney, type MoneyStyle } from '@kwarta/domain/money';
import type { PenaltyTier } from '@kwarta/domain/loan-rules';
import type { ComplianceProfile } from '@kwarta/domain/compliance';
import { formatRatePercent } from '@kwarta/domain/effective-rate';
import { capFigure, capLine, profileCaps, profileCoverage } from './compliance-texts.ts';
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
  /** The disclosure statement's figures (Truth in Lending Act, R.A. 3765). */
  disclosure: {
    interest: number;
    /** Each fee by name, repaid with the instalments. */
    fees: readonly { name: string; amount: number }[];
    netProceeds: number;
    /** Nominal interest, per month (30 days) of the principal, as a fraction. */
    nominalMonthlyRate: number;
    /** The effective interest rate, per month and per year, as fractions. */
    effectiveRate: { monthly: number; annual: number };
  };
  /** The compliance profile of the deployment (D16), and whether its caps cover this loan. */
  compliance: { profile: ComplianceProfile; covered: boolean } | null;
}

export interface AgreementSection {
  heading: string;
  lines: string[];
  /** A table after the lines (the disclosure's schedule), its cells as printed. */
  table?: { head: string[]; rows: string[][] };
}

export interface AgreementText {
  title: string;
  version: string;
  sections: AgreementSection[];
}

export const agreementVersions = {
  loanAgreement: 'loan-agreement/2026-11-23',
  disclosureStatement: 'disclosure-statement/2026-11-25',
} as const;

function percent(bps: number): string {
  return formatRatePercent(bps / 10_000);
}

function penaltyLines(terms: AgreementTerms): string[] {
  const { latePenalty } = terms;
  const oneTimeFee = latePenalty.oneTimeNewClient + latePenalty.oneTimeRepeatClient > 0;
  return [
    ...(oneTimeFee
      ? [
          `A one-time late fee of ${formatMoney(latePenalty.oneTimeNewClient, terms.money)} (${formatMoney(latePenalty.oneTimeRepeatClient, terms.money)} for repeat clients) is charged on the first day an instalment is overdue.`,
        ]
      : []),
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

/**
 * The disclosure statement (position 1) of the Truth in Lending Act (R.A. 3765): the amount
 * financed, every finance charge itemised, the net proceeds, the finance charge as a percentage
 * of the amount financed, the nominal and effective rates, the schedule and the total, the late
 * payment and prepayment rules, and the compliance profile whose caps cover the loan (D16).
 */
export function disclosureStatementText(terms: AgreementTerms): AgreementText {
  const money = (amount: number) => formatMoney(amount, terms.money);
  const { disclosure, compliance } = terms;
  return {
    title: messages.agreementDisclosureTitle,
    version: agreementVersions.disclosureStatement,
    sections: [
      { heading: 'Parties', lines: partiesLines(terms) },
      {
        heading: 'The loan and its cost',
        lines: [
          `Amount to be financed: ${money(terms.principal)}`,
          `Interest: ${money(disclosure.interest)}`,
          ...disclosure.fees.map((fee) => `${fee.name}: ${money(fee.amount)}`),
          ...(disclosure.fees.length === 0 ? ['Fees: none'] : []),
          `Total finance charges: ${money(terms.charges)}`,
          `Deducted from the proceeds: ${money(terms.principal - disclosure.netProceeds)}`,
          `Net proceeds of the loan: ${money(disclosure.netProceeds)}`,
          `Finance charges as a percentage of the amount financed: ${formatRatePercent(terms.charges / terms.principal)}`,
          `Nominal interest rate: ${formatRatePercent(disclosure.nominalMonthlyRate)} a month`,
          `Effective interest rate (EIR): ${formatRatePercent(disclosure.effectiveRate.monthly)} a month, ${formatRatePercent(disclosure.effectiveRate.annual)} a year`,
          `Total to pay: ${money(terms.total)} in ${terms.plan.length} instalment(s) over ${terms.termDays} days`,
        ],
      },
      {
        heading: 'Schedule of payments',
        lines: terms.datesProvisional ? [messages.loanDetailProvisionalDates] : [],
        table: {
          head: ['No.', 'Due date', 'Principal', 'Interest and fees', 'Amount'],
          rows: terms.plan.map((line) => [
            String(line.period),
            line.dueDate,
            money(line.principal),
            money(line.interest),
            money(line.amount),
          ]),
        },
      },
      {
        heading: 'Late payment charges',
        lines: [
          ...penaltyLines(terms),
          ...(compliance?.covered
            ? [
                `Late payment penalties never exceed ${capFigure('latePenalty', compliance.profile.caps.penaltyMonthlyBps)} of the amount due, and interest, fees and penalties together never exceed ${capFigure('totalCost', compliance.profile.caps.totalCostPercent * 100)}.`,
              ]
            : []),
        ],
      },
      { heading: 'Prepayment', lines: prepaymentLines(terms) },
      ...(compliance ? [complianceSection(compliance, terms.money)] : []),
    ],
  };
}

function complianceSection(
  compliance: NonNullable<AgreementTerms['compliance']>,
  money: MoneyStyle,
): AgreementSection {
  const { profile } = compliance;
  return {
    heading: 'Legal cost caps',
    lines: [
      profileCoverage(profile, money),
      compliance.covered
        ? 'This loan is covered, so these caps apply to it:'
        : 'This loan is larger or longer than the loans covered, so these caps do not apply to it:',
      ...profileCaps(profile).map(capLine),
    ],
  };
}

/** The agreements of confirmation (contract scene 3) in list order; `position` is what the jump takes. */
export const agreementList: readonly {
  position: number;
  title: string;
  render: (terms: AgreementTerms) => AgreementText;
}[] = [
  // In the order of their positions: the list index is the position a client jumps to.
  {
    position: LoanConfirmRules.agreementPositions.disclosureStatement,
    title: messages.agreementDisclosureTitle,
    render: disclosureStatementText,
  },
  {
    position: LoanConfirmRules.agreementPositions.loanAgreement,
    title: messages.agreementLoanTitle,
    render: loanAgreementText,
  },
];

export function agreementAt(position: number) {
  return agreementList.find((agreement) => agreement.position === position);
}
