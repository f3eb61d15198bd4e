import type { SiteDocument } from './document.ts';
import type { SiteInfo } from './site-info.ts';

/** The four advantages of spec §2, also the highlights of the official site's home section. */
export function aboutAdvantages(site: SiteInfo): string[] {
  const { decisionWithinDays, term } = site.loanRules;
  return [
    `Quick approval: apply on your phone in minutes and get a decision within ${decisionWithinDays === 1 ? 'one day' : `${decisionWithinDays} days`}.`,
    'Transparent fees: every fee and the total you repay are shown before you accept. Nothing is added later.',
    `Flexible repayment: terms of ${term.minDays} to ${term.maxDays} days, paid by e-wallet, bank or over the counter.`,
    'Safe: your data is encrypted and handled under the Data Privacy Act; we never contact your phone contacts.',
  ];
}

/** Spec §2 "About us": mission, the four advantages and team; the page adds the contact links. */
export function aboutUsDocument(site: SiteInfo): SiteDocument {
  return {
    title: 'About us',
    summary: `${site.brandName} is the cash-loan app of ${site.companyName}, a lending company registered in the Philippines.`,
    sections: [
      {
        heading: 'Our mission',
        blocks: [
          'To give every Filipino with a steady income fair, fast credit for life’s urgent needs — without queues, collateral or hidden charges.',
        ],
      },
      {
        heading: 'Why borrowers choose us',
        blocks: [{ list: aboutAdvantages(site) }],
      },
      {
        heading: 'Our team',
        blocks: [
          'We are credit analysts, engineers and customer-service staff in Metro Manila who grew up with the problem we solve: needing money before payday and having nowhere fair to turn. Every application is reviewed under the rules of the Securities and Exchange Commission.',
        ],
      },
    ],
  };
}
