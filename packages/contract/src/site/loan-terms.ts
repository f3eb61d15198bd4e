import { formatMoney, type MoneyStyle } from '@kwarta/domain/money';
import type { ComplianceProfile } from '@kwarta/domain/compliance';
import { defaultContactRules } from '@kwarta/domain/contact-window';
import type { LoanRules } from '@kwarta/domain/loan-rules';
import { capLine, hourText, profileCaps, profileCoverage } from '../compliance-texts.ts';
import { fillMessage, messages } from '../messages.ts';
import { days, percentFromBps, type DocumentSection, type SiteDocument } from './document.ts';
import type { SiteInfo } from './site-info.ts';

/** "5% of the unpaid amount per day from day 1 to day 30 overdue;", one line per tier (the last one open-ended). */
export function penaltyTierLines(rules: LoanRules): string[] {
  return rules.latePenalty.dailyTiers.map((tier) => {
    const rate = `${percentFromBps(tier.dailyRateBps)} of the unpaid amount per day`;
    return tier.toDay === null
      ? `${rate} from day ${tier.fromDay} overdue until the loan is paid in full.`
      : `${rate} from day ${tier.fromDay} to day ${tier.toDay} overdue;`;
  });
}

function prepaymentShare(percent: number): string {
  return percent === 50 ? 'half of the loan term' : `${percent}% of the loan term`;
}

/**
 * Spec §2 "Loan terms and conditions" with the figures of §9 — every figure read from the
 * lender's loan rules, so this text cannot disagree with what the system charges.
 */
export function loanTermsDocument(site: SiteInfo): SiteDocument {
  const rules = site.loanRules;
  const contact = site.compliance?.contact ?? defaultContactRules;
  const { term, creditAfterAcceptanceDays: credit, latePenalty, prepayment, notices } = rules;
  const creditDays =
    credit.minDays === credit.maxDays
      ? days(credit.minDays, 'calendar day')
      : `${credit.minDays} to ${days(credit.maxDays, 'calendar day')}`;
  return {
    title: 'Loan terms and conditions',
    summary: `These terms govern every loan ${site.companyName} grants through the ${site.brandName} app. Please read them before you accept a loan.`,
    sections: [
      {
        heading: '1. Who may borrow',
        blocks: [
          'You may apply for a loan if you:',
          {
            list: [
              'are a Filipino citizen;',
              `are over ${rules.eligibility.minAgeYears} years of age;`,
              'have a permanent address in the Philippines;',
              'have a mobile number registered in your name and a valid government-issued ID.',
            ],
          },
          'We may ask for more documents to confirm your identity, as the Anti-Money Laundering Act requires.',
        ],
      },
      {
        heading: '2. Application, decision and credit',
        blocks: [
          `We decide on your application within ${days(rules.decisionWithinDays)}. Before you accept, the app shows a disclosure statement with the amount you receive, every fee and charge, the total amount due and each due date, as the Truth in Lending Act (Republic Act No. 3765) requires.`,
          `Once you accept the loan, the money is credited to the bank or e-wallet account you named within ${creditDays} after acceptance.`,
        ],
      },
      {
        heading: '3. Loan term',
        blocks: [
          `Each loan runs for ${term.minDays} to ${term.maxDays} calendar days, counted from the day the money is disbursed. The term and the due dates of your instalments are shown before you accept and in your order details.`,
          feesSentence(rules, site.money),
        ],
      },
      {
        heading: '4. Repayment',
        blocks: [
          'Pay each instalment on or before its due date through the app, by bank transfer, e-wallet or at a partner payment outlet using the reference number the app gives you. A payment counts on the day our payment partner confirms it.',
        ],
      },
      {
        heading: '5. Late payment',
        blocks: [
          'If an amount is not paid by its due date, the following charges apply from the first day overdue:',
          {
            list: [
              ...(latePenalty.oneTimeMinor.newClient + latePenalty.oneTimeMinor.repeatClient > 0
                ? [
                    `a one-time late fee of ${formatMoney(latePenalty.oneTimeMinor.newClient, site.money)} for new clients or ${formatMoney(latePenalty.oneTimeMinor.repeatClient, site.money)} for repeat clients;`,
                  ]
                : []),
              ...penaltyTierLines(rules),
            ],
          },
          'Penalties are computed on the unpaid amount only and stop once it is paid. The due date itself is not late.',
        ],
      },
      {
        heading: '6. Paying early',
        blocks: [
          `You may pay the whole loan before its maturity once ${prepaymentShare(prepayment.minElapsedTermPercent)} has passed and at least ${days(prepayment.minDaysAfterDisbursement)} after disbursement. The app shows the amount to settle on the day you pay.`,
        ],
      },
      {
        heading: '7. Your obligations',
        blocks: [
          {
            list: [
              `Tell us of any change of your name, date of birth or address within ${days(notices.personalDataChangeReportDays)}.`,
              `Pay any amount a court orders in connection with the loan within ${days(notices.courtJudgmentPaymentDays)} of the judgment.`,
              'Keep your login details to yourself; every loan accepted through your account is treated as accepted by you.',
            ],
          },
          fillMessage(messages.creditReportingNotice, { company: site.companyName }),
        ],
      },
      {
        heading: '8. Assignment',
        blocks: [
          `We may assign or sell our rights under your loan to another party after giving you ${days(notices.assignmentNoticeBusinessDays, 'business day')}' written notice. Your terms do not change when we do.`,
        ],
      },
      {
        heading: '9. Fair collection',
        blocks: [
          `${site.companyName} collects only as the Securities and Exchange Commission allows (SEC Memorandum Circular No. 18, series of 2019): no threats, no insults, no contacting the people in your phone book, and no calls or messages before ${hourText(contact.startHour)} or after ${hourText(contact.endHour)}${contact.exceptAfterDaysPastDue === null ? '' : ` unless the account is more than ${days(contact.exceptAfterDaysPastDue)} past due.`}`,
        ],
      },
      {
        heading: '10. Governing law',
        blocks: [
          `These terms are governed by the laws of the Republic of the Philippines, including the Lending Company Regulation Act of 2007 (Republic Act No. 9474). ${site.companyName} — ${site.companyRegistration}.`,
        ],
      },
      ...(site.compliance ? [costCapsSection(site.compliance, site.money)] : []),
    ],
  };
}

/** The fees of the loan rules, each as the disclosure statement itemises them. */
function feesSentence(rules: LoanRules, money: MoneyStyle): string {
  if (rules.fees.length === 0) return 'Besides interest, no fee is charged.';
  const fees = rules.fees.map((fee) => {
    const parts = [
      ...(fee.principalBps > 0 ? [`${percentFromBps(fee.principalBps)} of the principal`] : []),
      ...(fee.fixedMinor > 0 || fee.principalBps === 0 ? [formatMoney(fee.fixedMinor, money)] : []),
    ];
    return `a ${fee.name} of ${parts.join(' plus ')}`;
  });
  return `Besides interest, you pay ${fees.join(', ')}, repaid with your instalments and never deducted from the money you receive.`;
}

/** With a compliance profile (D16): the loans its caps cover and each cap. */
function costCapsSection(profile: ComplianceProfile, money: MoneyStyle): DocumentSection {
  return {
    heading: '11. Legal cost caps',
    blocks: [
      `These caps apply to ${profileCoverage(profile, money).replace(/^./, (first) => first.toLowerCase())}`,
      { list: profileCaps(profile).map((cap) => `${capLine(cap)};`) },
      'When a covered loan reaches the total cost cap, no further interest, fee or penalty is charged, however long it stays unpaid.',
    ],
  };
}
