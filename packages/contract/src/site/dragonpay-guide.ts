import type { SiteInfo } from './site-info.ts';

/** One step of the guide with its illustration (web/public/site/guide-*.svg, drawn for us). */
export interface GuideStep {
  text: string;
  image: string;
  imageAlt: string;
}

export interface GuideSection {
  heading: string;
  steps: readonly GuideStep[];
}

export interface GuideDocument {
  title: string;
  summary: string;
  sections: readonly GuideSection[];
  note: string;
}

const image = (name: string) => `/site/guide-${name}.svg`;

// The two e-wallets follow the same Pay Bills → Dragonpay → reference number path.
function walletSteps(wallet: string): GuideStep[] {
  return [
    {
      text: `Open ${wallet} and tap Pay Bills.`,
      image: image('pay-bills'),
      imageAlt: `${wallet} home screen with the Pay Bills button highlighted`,
    },
    {
      text: 'Choose the Payment Solutions category, then Dragonpay.',
      image: image('choose-dragonpay'),
      imageAlt: 'List of billers with Dragonpay highlighted',
    },
    {
      text: 'Enter the reference number from your repayment page and the exact amount due, then confirm.',
      image: image('reference-number'),
      imageAlt: 'Payment form with the reference number and amount filled in',
    },
  ];
}

/** Spec §2 "Dragonpay repayment guidance": two e-wallets and an over-the-counter cashier. */
export function dragonpayGuideDocument(site: SiteInfo): GuideDocument {
  return {
    title: 'How to repay through Dragonpay',
    summary: `Get your reference number first: in the ${site.brandName} app open your loan, tap Repay and choose Dragonpay. Then pay it in any of these ways.`,
    sections: [
      { heading: 'Pay with GCash', steps: walletSteps('GCash') },
      { heading: 'Pay with Maya', steps: walletSteps('Maya') },
      {
        heading: 'Pay at a store cashier',
        steps: [
          {
            text: 'Go to a payment centre or convenience store that accepts Dragonpay and tell the cashier you are paying Dragonpay.',
            image: image('cashier'),
            imageAlt: 'A cashier counter with a payment slip',
          },
          {
            text: 'Give the cashier your reference number and the exact amount due, then keep the receipt until the app shows the payment.',
            image: image('receipt'),
            imageAlt: 'A receipt showing the reference number and amount paid',
          },
        ],
      },
    ],
    note: `Payments usually show in the app within minutes and at most by the next business day. Questions: ${site.email} or ${site.phone}.`,
  };
}
