/** Business constants and limits of spec §9, one place each. Loan-rule figures live in @kwarta/domain. */
export const Limits = {
  smsResendCountdownSeconds: 60,
  countdownTickMs: 1000,
  phoneMaxLength: 11,
  captchaLength: 4,
  smsCodeLength: 6,
  legacySmsCodeMinLength: 6,
  complaintTextMax: 200,
  complaintImagesMax: 9,
  /** Also the console's service line: a complaint unanswered this many weekdays is past it. */
  complaintReplyWeekdays: 3,
  complaintSentModalMs: 1500,
  complaintRatingDelayMs: 3000,
  ratingStars: 5,
  orderRatingScore: 5,
  /** After "Not now" on the order page's app rating, it is not asked again for this many days. */
  ratingAskAgainDays: 30,
  toastMs: 3000,
  keyboardThresholdPx: 60,
  detailLinesCollapsed: 2,
  requestTimeoutMs: 60000,
} as const;

/**
 * The console's complaint reply: multipart fields are one value each, so one named slot per image
 * (image1, image2, …), as many as a complaint may carry: one cap for the borrower's form, the
 * console and the CLI.
 */
export const replyImageFields = Array.from(
  { length: Limits.complaintImagesMax },
  (_, index) => `image${index + 1}`,
) as readonly ReplyImageField[];

/** 'image1' | … | 'image9': the slot names, counted from the constant at the type level too. */
export type ReplyImageField = SlotNames<typeof Limits.complaintImagesMax>;
type SlotNames<N extends number, Seen extends unknown[] = []> = Seen['length'] extends N
  ? never
  : `image${[...Seen, unknown]['length']}` | SlotNames<N, [...Seen, unknown]>;

/** The images a reply's slots hold, in slot order. */
export function replyImagesOf(input: Partial<Record<ReplyImageField, File>>): File[] {
  return replyImageFields.flatMap((name) => input[name] ?? []);
}

export const Defaults = {
  bankCardType: 1,
  bankChannelNumber: '90006',
  contactInfoOverall: 30,
  contractScene: 3,
  borrowAgainModuleId: 30,
  /** Ours (the spec says only "a module id for recommended clicks"). */
  recommendedProductModuleId: 31,
  /** Ours: recommended products on the joint-login failure page. */
  jointLoginProductModuleId: 32,
} as const;

/** The header every call carries (spec §7). */
export const REQUESTED_WITH_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;

/** Complaints (spec §2, §5; DESIGN D11 for uploads). */
export const ComplaintRules = {
  /** The collection type: offered only for orders whose isShow is 1 (spec §2). */
  collectionProblemType: 1,
  uploadMaxBytes: 10 * 1024 * 1024,
  uploadMaxPixels: 25_000_000,
  scoreMin: 1,
  scoreMax: 5,
} as const;

/** Loan confirmation (ours where the spec is silent). */
export const LoanConfirmRules = {
  /** termUnit 1: the term is counted in calendar days, the only unit products offer (D4). */
  termUnitDays: 1,
  /**
   * position of each agreement in the contract list (spec: contract-jump's position), which is its
   * index there: a client built from the spec jumps by index. The disclosure statement comes first
   * (D16: the Truth in Lending Act wants it read before the loan is taken).
   */
  agreementPositions: { disclosureStatement: 0, loanAgreement: 1 },
  /** The order page the push leads to, marked as coming from confirmation (spec §7). */
  pushFrom: 'confirm',
} as const;

/** Legacy bank-card repayment, /carpmm (spec §4, §5, §7; decision 0075). */
export const LegacyRepaymentRules = {
  /** The only requestType the in-app navigation sends (spec §7): a repayment of the order. */
  requestType: '1',
  /** No card chosen yet (spec §4). */
  noCardIndex: -1,
  /** How long a repayToken from repayment-way may be committed. */
  tokenTtlMs: 30 * 60_000,
} as const;
