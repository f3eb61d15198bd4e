import { describe, expect, it } from 'vitest';
import { defaultLoanRules } from '@kwarta/domain';
import { days, percentFromBps } from '../src/site/document.ts';
import { loanTermsDocument, penaltyTierLines } from '../src/site/loan-terms.ts';
import type { SiteInfo } from '../src/site/site-info.ts';
import { markets } from '../src/markets.ts';

const site: SiteInfo = {
  brandName: 'Kwarta',
  companyName: 'Kwarta Lending Corporation',
  companyAddress: 'Makati City',
  companyRegistration: 'SEC Registration No. X',
  phone: '+63 2 8555 0100',
  email: 'support@kwarta.example',
  privacyOfficerEmail: 'privacy@kwarta.example',
  copyright: '© 2026 Kwarta Lending Corporation',
  privacyPolicyUrl: '/Policy',
  loanRules: defaultLoanRules,
  compliance: null,
  appUrlScheme: 'kwarta',
  money: markets.spec.money,
};

describe('static page texts', () => {
  it.each([
    [500, '5%'],
    [250, '2.5%'],
    [125, '1.25%'],
    [5, '0.05%'],
    [0, '0%'],
    [10_000, '100%'],
  ])('writes %i basis points as %s', (bps, text) => {
    expect(percentFromBps(bps)).toBe(text);
  });

  it('counts days in the singular and plural', () => {
    expect(days(1)).toBe('1 day');
    expect(days(3, 'calendar day')).toBe('3 calendar days');
  });

  it('writes one penalty line per tier, the open-ended last one ending the list', () => {
    expect(penaltyTierLines(defaultLoanRules)).toEqual([
      '5% of the unpaid amount per day from day 1 to day 30 overdue;',
      '4% of the unpaid amount per day from day 31 to day 90 overdue;',
      '2% of the unpaid amount per day from day 91 overdue until the loan is paid in full.',
    ]);
  });

  it('states a single credit day and another prepayment share as they are', () => {
    const text = JSON.stringify(
      loanTermsDocument({
        ...site,
        loanRules: {
          ...defaultLoanRules,
          creditAfterAcceptanceDays: { minDays: 2, maxDays: 2 },
          prepayment: { minElapsedTermPercent: 30, minDaysAfterDisbursement: 1 },
        },
      }),
    );
    expect(text).toContain('within 2 calendar days after acceptance');
    expect(text).toContain('once 30% of the loan term has passed and at least 1 day after disbursement');
  });

  it('prints the late fees as the market prints amounts', () => {
    expect(JSON.stringify(loanTermsDocument(site))).toContain(
      'a one-time late fee of ₱1.000,00 for new clients or ₱800,00 for repeat clients',
    );
    expect(JSON.stringify(loanTermsDocument({ ...site, money: markets.PH.money }))).toContain(
      'a one-time late fee of ₱1,000.00 for new clients or ₱800.00 for repeat clients',
    );
  });
});
