import { messages, type MessageKey } from './messages.ts';
import type { MarketId } from './markets.ts';

/**
 * Market text overlays (D5, D13). The default catalogue keeps the spec's exact texts, Chinese
 * and Indonesian included, because they are requirements of the spec's market; a borrower in the
 * Philippines or India reads none of those languages, so a market may replace catalogue texts.
 * An overlay names only what it changes; everything else stays the catalogue's.
 */
export type MessageOverlay = Partial<Record<MessageKey, string>>;

/** Plain English for every text the spec writes in Chinese or Indonesian (or with CJK marks). */
const specTextsInEnglish = {
  phoneInvalid: 'Please enter a valid mobile number.',
  captchaInvalid: 'Please enter the image code correctly.',
  smsCodeInvalid: 'Please enter the SMS code correctly.',
  smsResendRefused: 'A code was just sent. Please wait before asking for another.',
  legacyChooseCard: 'Please choose a payment card first.',
  legacySmsCodeInvalid: 'Please enter the correct verification code.',
  ratingChooseStars: 'Please choose a rating.',
  alreadyRegistered: 'You are already registered. Please download the app and log in.',
  smsSent: 'The verification code has been sent. Please check your phone.',
  registered: 'Registration successful',
  demonstrationSuccess: 'Successful demonstration!',
  legacyWrongSmsCode: 'The verification code is wrong.',
  legacyDuplicatePayment: 'Please do not submit the same payment twice.',
  legacyFailed: 'The request could not be processed. Please try again.',
  legacyCardListFailed: 'Your payment accounts could not be loaded. Please try again.',
} as const satisfies MessageOverlay;

/** The Philippines' words for the data rights page: the law that grants them and its regulator. */
const privacyTextsPH = {
  myDataIntro:
    'Under the Data Privacy Act (RA 10173) you may see, download, correct, erase or block the data we hold about you. We answer each request within 30 working days.',
  myDataComplain:
    'Not satisfied with our answer? Write to our data protection officer through Customer Service, or complain to the National Privacy Commission (privacy.gov.ph).',
} as const satisfies MessageOverlay;

/** One overlay per market; the spec's market has none (its texts, exactly). */
export const marketTexts: Record<MarketId, MessageOverlay> = {
  spec: {},
  PH: { ...specTextsInEnglish, ...privacyTextsPH },
  IN: { ...specTextsInEnglish },
};

/** The whole catalogue as the market shows it. */
export function marketMessages(market: MarketId): Record<MessageKey, string> {
  return { ...messages, ...marketTexts[market] };
}

// Per market, [catalogue text, market text] pairs, built once: localizeText runs on every answer.
const replacements = new Map<MarketId, [string, string][]>();

function replacementsOf(market: MarketId): [string, string][] {
  let pairs = replacements.get(market);
  if (!pairs) {
    const overlay = marketTexts[market];
    pairs = (Object.keys(overlay) as MessageKey[]).map((key) => [messages[key], overlay[key]!]);
    replacements.set(market, pairs);
  }
  return pairs;
}

/**
 * A text about to reach a borrower, in the market's words: each catalogue text inside it is
 * replaced by the market's. Applied where texts leave (the server's envelope, the web's toasts)
 * rather than where they are chosen, so the many refusals built from `messages.x` — and schema
 * errors that quote one after a field name ("phone: …") — need no market of their own.
 */
export function localizeText(text: string, market: MarketId): string {
  let localized = text;
  for (const [catalogue, shown] of replacementsOf(market)) {
    if (localized.includes(catalogue)) localized = localized.split(catalogue).join(shown);
  }
  return localized;
}
