import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ContactKind, ContactOutcome, PaymentKind, PaymentStatus } from '@kwarta/contract';

/**
 * Table types (Kysely example style). Portable across SQLite and PostgreSQL on purpose:
 * money is integer centavos (D3), instants are ISO-8601 UTC text, calendar dates are
 * 'YYYY-MM-DD' text, booleans are 0/1 integers, structured settings are JSON text.
 */
export interface BorrowerTable {
  id: Generated<number>;
  phone: string;
  full_name: string | null;
  is_repeat_client: number;
  created_at: string;
}

export interface SessionTable {
  /** SHA-256 of the token: a copied database does not hand out live sessions. */
  token_hash: string;
  borrower_id: number;
  device_id: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface ProductTable {
  id: Generated<number>;
  name: string;
  logo_url: string;
  min_amount: number;
  max_amount: number;
  term_days: number;
  periods: number;
  /** Interest and fees for the whole term, in basis points of the principal. */
  term_rate_bps: number;
  rate_description: string;
  description: string;
  button_text: string;
  clickable: number;
  /** LoanRules (D4) as JSON, validated by @kwarta/domain's schema on read. */
  loan_rules: string;
  /** When an admin retired it (decision 0115): no new orders, listed to no borrower; null while live. */
  retired_at: Generated<string | null>;
  sort_order: number;
  created_at: string;
  /** 1 when a due or overdue order may be rolled over (the page's isDelay). */
  extension_enabled: Generated<number>;
  /** Where an approved (151) order's borrower confirms the withdrawal; '' for none. */
  withdraw_confirm_url: Generated<string>;
  /** The withdrawal-confirmation dialog's message for approved orders; '' for none. */
  withdraw_confirm_text: Generated<string>;
  /** A partner product's page (recommended-product taps); '' for our own products. */
  link_url: Generated<string>;
  /** A partner's repayment page (the order page's h5Url); '' when repayment happens here. */
  external_repay_url: Generated<string>;
  /** 174 starts this many days before the due date (D2). */
  due_window_days: Generated<number>;
  /** 1: confirmation shows the 'Point out' retention popup on the iOS back signal (isPopType). */
  retention_popup: Generated<number>;
  /** 1: confirmation opens with the loan agreement in a popup (popAgreementUrl). */
  agreement_popup: Generated<number>;
  /** Variant 2's promo popup; '' means the catalogue's text. */
  promo_button_text: Generated<string>;
  promo_message: Generated<string>;
  /** Extension (rollover) terms (D2, migration 2026-11-23-60): fee in bps of the principal. */
  extension_fee_bps: Generated<number>;
  extension_days: Generated<number>;
  extension_max: Generated<number>;
  /** Comma-separated repayment components, first paid first (penalty,interest,principal). */
  allocation_order: Generated<string>;
}

export interface OrderTable {
  id: Generated<number>;
  order_no: string;
  borrower_id: number;
  product_id: number;
  status: number;
  principal: number;
  total_due: number;
  paid_amount: number;
  term_days: number;
  periods: number;
  /** Whether the borrower may file a collection-type complaint on this order (spec isShow). */
  collection_complaints_allowed: number;
  applied_at: string;
  disbursed_on: string | null;
  due_date: string | null;
  settled_at: string | null;
  created_at: string;
  updated_at: string;
  /** The account the last failed payout went to; while it is the default, the page asks to rebind. */
  payout_failed_account_id: number | null;
  /** The push's requestId: unique per borrower, so a double tap makes one order. */
  request_id: string | null;
  /** Late penalty accrued so far, centavos (order_penalty_accruals sums to it). */
  penalty_amount: Generated<number>;
  withdraw_confirmed_at: string | null;
  /** Late penalty paid so far (≤ penalty_amount). */
  penalty_paid: Generated<number>;
  /** Paid extensions so far. */
  extension_count: Generated<number>;
  /** The compliance profile whose caps covered the order when it was taken; null when none did (D16). */
  compliance_profile: string | null;
  /** The fees of its charges by name, JSON [{ name, amount }], as its disclosure itemised them. */
  fees: Generated<string>;
  /** Extension fees paid so far: charges too, under the total cost cap. */
  extension_fees: Generated<number>;
  /** The cap that held back its last penalty accrual ('latePenalty' | 'totalCost'), else null. */
  charges_capped_by: string | null;
  /** When an admin wrote off what it still owed (migration 2026-11-26-10); it accrues nothing more. */
  written_off_at: Generated<string | null>;
}

export interface BorrowerOpenOrderTable {
  id: Generated<number>;
  borrower_id: number;
  order_id: number;
}

/** Which version of an agreement (and its SHA-256) an order's borrower agreed to, and when. */
export interface OrderAgreementTable {
  id: Generated<number>;
  order_id: number;
  document: string;
  version: string;
  sha256: string;
  agreed_at: string;
}

export interface OrderPenaltyAccrualTable {
  id: Generated<number>;
  order_id: number;
  accrued_on: string;
  days_overdue: number;
  amount: number;
  created_at: string;
}

export interface OrderPlanLineTable {
  id: Generated<number>;
  order_id: number;
  seq: number;
  due_date: string;
  principal: number;
  interest: number;
  amount: number;
  /** interest_paid + principal_paid. */
  paid_amount: number;
  interest_paid: Generated<number>;
  principal_paid: Generated<number>;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: number | null;
  to_status: number;
  actor: string;
  reason: string | null;
  created_at: string;
}

/** A lender's staff member; the role decides which console calls they may make. */
export interface OperatorTable {
  id: Generated<number>;
  name: string;
  role: string;
  password_hash: Generated<string>;
  disabled: Generated<number>;
  created_at: string;
  /** Base32 TOTP secret (RFC 6238) once the operator set up a second factor. */
  totp_secret: string | null;
  /** The latest good sign-in (migration 80), null before the first. */
  last_sign_in_at: Generated<string | null>;
}

export interface OperatorSessionTable {
  /** SHA-256 of the cookie's token, like borrower sessions. */
  token_hash: string;
  operator_id: number;
  /** SHA-256 of the session's CSRF token, which every console write must send back. */
  csrf_token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The operator's sign-in before this one: failures since then are shown on this session. */
  previous_sign_in_at: Generated<string | null>;
}

/** A browser an operator signed in from (decision 0091): only the SHA-256 of its cookie token. */
export interface OperatorDeviceTable {
  operator_id: number;
  device_hash: string;
  first_seen: string;
  last_seen: string;
  last_address: string;
}

/** One failed console sign-in attempt (decision 0091), kept 90 days. */
export interface OperatorSignInFailureTable {
  id: Generated<number>;
  /** Null when no operator has the name tried. */
  operator_id: number | null;
  /** The name tried, kept only when no operator has it. */
  name: string | null;
  at: string;
  address: string;
  known_device: number;
  /** A SignInFailureReason. */
  reason: string;
}

/** A payment provider's callback, stored once per (provider, event_id) before it is acted on. */
export interface ProviderEventTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  /** The raw body as received (after its signature was checked), for audit and replays. */
  payload: string;
  received_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

/** A bound payment account (bank account, card or e-wallet); rows are history, one is the default. */
/** One payout attempt of an order (features/disbursement/disburse-order.ts). */
export interface DisbursementTable {
  id: Generated<number>;
  order_id: number;
  account_id: number;
  amount: number;
  provider: string;
  status: 'sending' | 'sent' | 'failed';
  reference: string | null;
  failure: string | null;
  actor: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentAccountTable {
  id: Generated<number>;
  borrower_id: number;
  product_id: number;
  card_type: number;
  channel: string;
  /** The bank or e-wallet code chosen ('' when the form has none) and its name. */
  institution_code: string;
  institution_name: string;
  holder_name: string;
  /** The other filled fields by code, JSON; never the account number. */
  details: string;
  /** base64(nonce | tag | AES-256-GCM ciphertext) of the account number. */
  account_ciphertext: string;
  account_key_id: string;
  account_last4: string;
  is_default: number;
  created_at: string;
}

/** Append-only (triggers refuse UPDATE and DELETE): one row per console write. */
export interface OperatorAuditTable {
  id: Generated<number>;
  operator_id: number;
  operator_name: string;
  action: string;
  subject: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** A brand an admin saved in the console; the newest row is the one shown (decision 0096). */
export interface BrandLookTable {
  id: Generated<number>;
  name: string;
  primary_colour: string;
  accent_colour: string;
  text_colour: string;
  url_scheme: string;
  /** 1: the console's reset, after which the configured brand shows again (decision 0096). */
  restores_configured: Generated<number>;
  saved_by: number;
  saved_at: string;
}

export interface Database {
  borrowers: BorrowerTable;
  sessions: SessionTable;
  products: ProductTable;
  orders: OrderTable;
  order_plan_lines: OrderPlanLineTable;
  order_status_history: OrderStatusHistoryTable;
  borrower_open_orders: BorrowerOpenOrderTable;
  order_agreements: OrderAgreementTable;
  order_penalty_accruals: OrderPenaltyAccrualTable;
  settings: SettingTable;
  brand_looks: BrandLookTable;
  problem_types: ProblemTypeTable;
  problems: ProblemTable;
  problem_images: ProblemImageTable;
  channel_templates: ChannelTemplateTable;
  promotion_events: PromotionEventTable;
  sms_sends: SmsSendTable;
  sms_outbox: SmsOutboxTable;
  sms_messages: SmsMessageTable;
  collection_assignments: CollectionAssignmentTable;
  collection_contacts: CollectionContactTable;
  collection_promises: CollectionPromiseTable;
  collection_templates: CollectionTemplateTable;
  collection_contact_counts: CollectionContactCountTable;
  registrations: RegistrationTable;
  ephemeral_entries: EphemeralEntryTable;
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  operator_audit: OperatorAuditTable;
  operator_devices: OperatorDeviceTable;
  operator_sign_in_failures: OperatorSignInFailureTable;
  provider_events: ProviderEventTable;
  job_runs: JobRunTable;
  job_leases: JobLeaseTable;
  tracking_events: TrackingEventTable;
  app_ratings: AppRatingTable;
  app_rating_declines: AppRatingDeclineTable;
  credit_decision_models: CreditDecisionModelTable;
  credit_model_activations: CreditModelActivationTable;
  credit_decisions: CreditDecisionTable;
  credit_decision_overrides: CreditDecisionOverrideTable;
  payment_accounts: PaymentAccountTable;
  disbursements: DisbursementTable;
  payments: PaymentTable;
  payment_allocations: PaymentAllocationTable;
  borrower_credits: BorrowerCreditTable;

  legacy_repayments: LegacyRepaymentTable;

  journal_entries: JournalEntryTable;
  journal_lines: JournalLineTable;

  identities: IdentityTable;
  identity_images: IdentityImageTable;
  sanctions_entries: SanctionsEntryTable;
  screening_hits: ScreeningHitTable;
  aml_records: AmlRecordTable;
  privacy_policy_versions: PrivacyPolicyVersionTable;
  privacy_acknowledgements: PrivacyAcknowledgementTable;
  data_subject_requests: DataSubjectRequestTable;
  personal_data_access_log: PersonalDataAccessTable;
  privacy_breaches: PrivacyBreachTable;
  data_export_links: DataExportLinkTable;
  anonymised_borrowers: AnonymisedBorrowerTable;
  manual_repayments: ManualRepaymentTable;
  payment_reversals: PaymentReversalTable;
  order_waivers: OrderWaiverTable;
  approval_requests: ApprovalRequestTable;
  order_restructurings: OrderRestructuringTable;
  portfolio_sums: PortfolioSumTable;
  portfolio_order_standings: PortfolioOrderStandingTable;
  cic_submissions: CicSubmissionTable;
  cic_submission_borrowers: CicSubmissionBorrowerTable;
  personal_data_file_reads: PersonalDataFileReadTable;
  borrower_notes: BorrowerNoteTable;
}

/** Identity and sanctions screening (decision 0108, migration 2026-11-28-30). */
export interface IdentityTable {
  borrower_id: number;
  status: 'pending' | 'verified' | 'rejected';
  first_name: string;
  middle_name: string;
  last_name: string;
  /** M | F as the ID states it; null when stated before it was asked (migration 2026-11-29-40). */
  sex: 'M' | 'F' | null;
  date_of_birth: string;
  place_of_birth: string;
  nationality: string;
  present_address: string;
  permanent_address: string;
  email: string;
  occupation: string;
  employer: string;
  source_of_funds: string;
  tax_number: string | null;
  document_type: string;
  document_number: string;
  front_image_id: string;
  back_image_id: string;
  selfie_image_id: string;
  qr_outcome: string;
  qr_detail: string;
  qr_checked_at: string;
  screening: 'clear' | 'possible' | 'confirmed';
  screened_at: string;
  risk_rating: 'low' | 'normal' | 'high';
  submitted_at: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
}

export interface IdentityImageTable {
  public_id: string;
  borrower_id: number;
  storage_key: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  created_at: string;
}

export interface SanctionsEntryTable {
  id: Generated<number>;
  list_name: string;
  reference: string;
  name: string;
  aliases: string;
  dates_of_birth: string;
  imported_at: string;
}

export interface ScreeningHitTable {
  id: Generated<number>;
  borrower_id: number;
  list_name: string;
  reference: string;
  listed_name: string;
  matched_name: string;
  score: number;
  date_of_birth_agrees: number | null;
  status: 'possible' | 'cleared' | 'confirmed';
  created_at: string;
}

/** The AML register (decision 0112, migration 2026-11-29-50): suspicious and covered transactions. */
export interface AmlRecordTable {
  id: Generated<number>;
  kind: 'suspicious' | 'covered';
  borrower_id: number;
  order_id: number | null;
  payment_id: number | null;
  /** The money event of a covered flag (`payout:<attempt>`, `payment:<id>`), unique; null for suspicious. */
  transaction_key: string | null;
  amount: number | null;
  narrative: string;
  determined_on: string;
  due_on: string;
  flagged_by: string;
  flagged_at: string;
  reported_at: string | null;
  reported_by: string | null;
  report_reference: string | null;
}

/**
 * A new plan offered to a borrower in difficulty (decision 0110): it takes effect only when the
 * borrower accepts its disclosure in the app, and only if the loan still owes what it was offered on.
 */
export interface OrderRestructuringTable {
  id: Generated<number>;
  order_id: number;
  status: 'offered' | 'accepted' | 'withdrawn';
  principal_owed: number;
  /** The new instalments: [{ dueDate, principal, interest }]. */
  plan_json: string;
  terms_json: string;
  offered_by: string;
  offered_at: string;
  accepted_at: string | null;
}

/** Money received outside a provider (a bank deposit, cash at a branch), decision 0110. */
export interface ManualRepaymentTable {
  payment_id: number;
  channel: string;
  /** The lender's calendar date the money was received (the deposit slip's). */
  received_on: string;
  reference: string;
  note: Generated<string>;
  posted_by: string;
  created_at: string;
}

/** A paid repayment taken back (a chargeback, a posting to the wrong order), decision 0110. */
export interface PaymentReversalTable {
  payment_id: number;
  order_id: number;
  amount: number;
  credit_reversed: number;
  reason: string;
  reversed_by: string;
  created_at: string;
}

/** Penalty or charges the lender forgave, decision 0110; the reference makes a resubmission apply once. */
export interface OrderWaiverTable {
  id: Generated<number>;
  order_id: number;
  charge: 'penalty' | 'charges';
  amount: number;
  reason: string;
  reference: string;
  waived_by: string;
  created_at: string;
}

/** A money action above its threshold, waiting for a second operator (maker-checker, decision 0110). */
export interface ApprovalRequestTable {
  id: Generated<number>;
  action: string;
  reference: string;
  subject: string;
  amount: number;
  payload_json: string;
  status: 'pending' | 'applied' | 'rejected' | 'refused';
  proposed_by_id: number;
  proposed_by_name: string;
  proposed_at: string;
  decided_by_id: number | null;
  decided_by_name: string | null;
  decided_at: string | null;
  /** What applying it answered, or why it was rejected or refused. */
  outcome: Generated<string>;
}

export type Borrower = Selectable<BorrowerTable>;
export type Operator = Selectable<OperatorTable>;
export type ProviderEvent = Selectable<ProviderEventTable>;
export type NewBorrower = Insertable<BorrowerTable>;
export type Session = Selectable<SessionTable>;
export type Product = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type Order = Selectable<OrderTable>;
export type NewOrder = Insertable<OrderTable>;
export type OrderUpdate = Updateable<OrderTable>;
export type NewOrderPlanLine = Insertable<OrderPlanLineTable>;

// Complaints (migration 2026-11-22-03)
export interface ProblemTypeTable {
  id: Generated<number>;
  /** 0 for a question type; otherwise the value of the type this sub-type belongs to. */
  parent_value: number;
  value: number;
  title: string;
  icon_url: string;
  sort_order: number;
  active: number;
}

export interface ProblemTable {
  id: Generated<number>;
  borrower_id: number;
  order_id: number | null;
  problem_type: number;
  /** 0 when no sub-type applies. */
  problem_son_type: number;
  content: string;
  request_id: string | null;
  reply_text: string | null;
  replied_by: string | null;
  replied_at: string | null;
  score_requested: number;
  score: number | null;
  scored_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProblemImageTable {
  id: Generated<number>;
  public_id: string;
  borrower_id: number;
  problem_id: number | null;
  role: 'evidence' | 'reply';
  sort_order: number;
  storage_key: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  created_at: string;
}

export type ProblemType = Selectable<ProblemTypeTable>;
export type Problem = Selectable<ProblemTable>;
export type ProblemImage = Selectable<ProblemImageTable>;
export type NewProblemImage = Insertable<ProblemImageTable>;
// Promotion funnel (spec §7 "Promotion"), SMS (D9) and the database-backed ephemeral store.
export interface ChannelTemplateTable {
  id: Generated<number>;
  name: string;
  /** The landing configuration as JSON (contract channelTemplateConfig minus id). */
  config: string;
  active: number;
  created_at: string;
}

export type ChannelTemplate = Selectable<ChannelTemplateTable>;

export interface PromotionEventTable {
  id: Generated<number>;
  kind: 'visit' | 'click';
  page_id: string | null;
  utm_tag: string | null;
  app_from: string | null;
  user_from: string | null;
  client_type: string | null;
  page_type: number | null;
  phone: string | null;
  ip: string | null;
  created_at: string;
}

export interface SmsSendTable {
  id: Generated<number>;
  purpose: 'register' | 'login' | 'repayment';
  phone: string;
  utm_tag: string | null;
  app_from: string | null;
  user_from: string | null;
  device_id: string | null;
  ip: string | null;
  gateway: string;
  /** The provider's id of the code's message (Semaphore's message_id); null from the outbox. */
  provider_message_id: string | null;
  created_at: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  created_at: string;
}

export type SmsMessageStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/** A message the system sends on its own, once (migration 2026-11-25-30). */
export interface SmsMessageTable {
  id: Generated<number>;
  dedupe_key: string;
  /** reminder: the due-reminders job; collection: a collector's approved template (decision 0098). */
  purpose: 'reminder' | 'collection';
  order_id: number | null;
  plan_line_id: number | null;
  phone: string;
  text: string;
  status: SmsMessageStatus;
  any_hour: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: string;
  provider: string | null;
  provider_message_id: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface RegistrationTable {
  id: Generated<number>;
  borrower_id: number;
  template_id: string | null;
  utm_tag: string | null;
  app_from: string | null;
  user_from: string | null;
  invite_code: string | null;
  user_name: string;
  merchant_number: number;
  app_name: string | null;
  device_id: string | null;
  ip: string | null;
  created_at: string;
}

export interface EphemeralEntryTable {
  key: string;
  value: string;
  count: number;
  expires_at_ms: number;
}

// Scheduled jobs (migration 2026-11-23-20, decision 0041)
export interface JobRunTable {
  id: Generated<number>;
  job: string;
  /** The instant the run is for (unique per job): a cron instant, a start, or a manual run's now. */
  scheduled_at: string;
  trigger: 'schedule' | 'start' | 'manual';
  /** Which process ran it (host:pid:random, or cli:host:pid). */
  instance: string;
  started_at: string;
  /** null while running, or for ever when the instance died mid-run. */
  finished_at: string | null;
  outcome: 'ok' | 'failed' | null;
  /** JSON object of the run's counts, e.g. {"purged":12}. */
  counts: string | null;
  error: string | null;
}

export interface JobLeaseTable {
  job: string;
  holder: string;
  expires_at_ms: number;
}

// Order page (migration 2026-11-23-40)
/** A tap the page reports (event/save, recommended products); module 30 is Borrow Again. */
export interface TrackingEventTable {
  id: Generated<number>;
  borrower_id: number;
  product_id: number;
  module_id: number;
  position_id: number;
  created_at: string;
}

/** The borrower's app rating (google-score), kept once: the page stops asking afterwards. */
export interface AppRatingTable {
  borrower_id: number;
  score: number;
  created_at: string;
}

/** The borrower's last "Not now" to the app rating: the page waits `Limits.ratingAskAgainDays`. */
export interface AppRatingDeclineTable {
  borrower_id: number;
  declined_at: string;
}

// Repayment (migration 2026-11-23-60)
// The statuses and kinds are the contract's (the console filters by them).
export type { PaymentStatus, PaymentKind };

/** One pay code / provider transaction (D8); (provider, txnid) is unique. */
export interface PaymentTable {
  id: Generated<number>;
  provider: string;
  txnid: string;
  order_id: number;
  borrower_id: number;
  kind: PaymentKind;
  expected_amount: number;
  received_amount: number | null;
  channel: string;
  pay_code: Generated<string>;
  pay_url: Generated<string>;
  ref_no: Generated<string>;
  status: PaymentStatus;
  status_reason: Generated<string>;
  extension_days: number | null;
  open_key: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /**
   * When the provider's money arrived (the postback or status answer carrying the amount), for a
   * paid and a held payment alike; paid_at of an accepted held payment is the acceptance.
   */
  received_at: Generated<string | null>;
  /** Returns of a held payment tried so far; the payout reference is `refund-<id>-<attempt>`. */
  refund_attempts: Generated<number>;
  /** The account the (last) return was sent to. */
  refund_account_id: number | null;
  /** The payout provider's reference once the money went back. */
  refund_reference: string | null;
}

export interface PaymentAllocationTable {
  id: Generated<number>;
  payment_id: number;
  order_id: number;
  component: 'penalty' | 'interest' | 'principal' | 'extension_fee' | 'credit';
  plan_seq: number | null;
  amount: number;
}

export interface BorrowerCreditTable {
  id: Generated<number>;
  borrower_id: number;
  payment_id: number;
  amount: number;
  created_at: string;
}

export type Payment = Selectable<PaymentTable>;

// Legacy bank-card repayment (migration 2026-11-23-65, decision 0075)
/**
 * awaiting_code → paying → paid | failed, or submitted when the card provider answers later (its
 * postback posts the payment).
 */
export type LegacyRepaymentStatus = 'awaiting_code' | 'paying' | 'paid' | 'failed' | 'submitted';

/** One commit of /carpmm: a card debit awaiting its SMS code, being paid, paid or failed. */
export interface LegacyRepaymentTable {
  id: Generated<number>;
  borrower_id: number;
  order_id: number;
  account_id: number;
  token_hash: string;
  amount: number;
  status: LegacyRepaymentStatus;
  /** The order while its card is being debited (unique): one debit per order at a time. */
  paying_order_id: number | null;
  provider: string | null;
  txnid: string | null;
  paid_amount: number | null;
  failure: string | null;
  created_at: string;
  updated_at: string;
}

// Collections (migration 2026-11-25-40, decision 0098)
export interface CollectionAssignmentTable {
  order_id: number;
  operator_id: number;
  /** The operator who assigned it (a collector taking one: themselves). */
  assigned_by: string;
  assigned_at: string;
}

export interface CollectionContactTable {
  id: Generated<number>;
  order_id: number;
  operator_id: number;
  kind: ContactKind;
  outcome: ContactOutcome;
  note: string;
  created_at: string;
}

export interface CollectionPromiseTable {
  id: Generated<number>;
  order_id: number;
  contact_id: number;
  amount: number;
  promised_on: string;
  created_at: string;
}

export interface CollectionTemplateTable {
  id: Generated<number>;
  name: string;
  text: string;
  approved_by: string | null;
  approved_at: string | null;
  updated_by: string;
  updated_at: string;
  created_at: string;
}

// The ledger (migration 2026-11-26-10, decision 0099): append-only.
export interface JournalEntryTable {
  id: Generated<number>;
  /** The lender's calendar date of the event. */
  entry_date: string;
  posted_at: string;
  kind: string;
  /** The event's idempotency key: one entry per event, ever. */
  event_key: string;
  order_id: number | null;
  payment_id: number | null;
  provider: string | null;
  provider_ref: string | null;
  reverses_entry_id: number | null;
  memo: string;
}

export interface JournalLineTable {
  id: Generated<number>;
  entry_id: number;
  entry_date: string;
  order_id: number | null;
  account: string;
  debit: number;
  credit: number;
}

/** A decision model as saved, once per content hash (decision 0109); append-only. */
export interface CreditDecisionModelTable {
  id: Generated<number>;
  version_hash: string;
  name: string;
  body: string;
  saved_by: string;
  saved_at: string;
}

/** A CIC submission file generated (decision 0106). */
export interface CicSubmissionTable {
  id: Generated<number>;
  /** YYYY-MM. */
  month: string;
  /** 0 regular, 1 correction (the HD record's submission type). */
  submission_type: number;
  file_name: string;
  file_path: string;
  sha256: string;
  byte_size: number;
  subjects: number;
  contracts: number;
  generated_by: string;
  generated_at: string;
  sent_by: string | null;
  sent_at: string | null;
}

/** Which model decides: the latest row per role and product wins; append-only. */
export interface CreditModelActivationTable {
  id: Generated<number>;
  model_id: number;
  role: 'active' | 'challenger';
  product_id: number | null;
  challenger_share_bps: Generated<number>;
  activated_by: string;
  activated_at: string;
  reason: string | null;
}

/** The automatic decision on an order, as it was made; append-only. */
export interface CreditDecisionTable {
  id: Generated<number>;
  order_id: number;
  borrower_id: number;
  model_id: number | null;
  model_hash: string | null;
  challenger: Generated<number>;
  inputs: string;
  trace: string;
  outcome: string;
  reasons: string;
  limit_amount: number | null;
  limit_term_days: number | null;
  error: string | null;
  took_us: number;
  decided_at: string;
}

/** A person's word after the decision: an officer's override, a borrower's review request; append-only. */
export interface CreditDecisionOverrideTable {
  id: Generated<number>;
  order_id: number;
  kind: 'override' | 'review-request';
  actor: string;
  outcome: string | null;
  reason: string;
  created_at: string;
}
// Data privacy (migration 2026-11-28-20, decision 0107)
export interface PrivacyPolicyVersionTable {
  id: Generated<number>;
  version: string;
  sha256: string;
  effective_on: string;
  summary: string;
  created_at: string;
}

export interface PrivacyAcknowledgementTable {
  id: Generated<number>;
  borrower_id: number;
  notice: string;
  version: string;
  sha256: string;
  channel: string;
  acknowledged_at: string;
}

export type DataSubjectRequestKind = 'correction' | 'erasure' | 'block';
export type DataSubjectRequestStatus = 'open' | 'done' | 'refused';

export interface DataSubjectRequestTable {
  id: Generated<number>;
  borrower_id: number;
  kind: DataSubjectRequestKind;
  field: string | null;
  requested_value: string | null;
  status: DataSubjectRequestStatus;
  opened_at: string;
  due_on: string;
  closed_at: string | null;
  outcome: string | null;
  open_key: string | null;
}

export interface PersonalDataAccessTable {
  id: Generated<number>;
  operator_id: number;
  operator_name: string;
  borrower_id: number;
  what: string;
  at: string;
}

/** Collection messages sent to a phone on a lender day (decision 0103, migration 2026-11-29-70). */
export interface CollectionContactCountTable {
  phone: string;
  day: string;
  count: number;
}

/** The borrowers in each CIC submission file (decision 0107, migration 2026-11-29-60). */
export interface CicSubmissionBorrowerTable {
  submission_id: number;
  borrower_id: number;
}

/** A download of a file of many borrowers (a CIC submission file): one row names the file (0107). */
export interface PersonalDataFileReadTable {
  id: Generated<number>;
  operator_id: number;
  operator_name: string;
  cic_submission_id: number;
  what: string;
  at: string;
}

export interface PrivacyBreachTable {
  id: Generated<number>;
  title: string;
  description: string;
  discovered_at: string;
  npc_notified_at: string | null;
  recorded_by: string;
  created_at: string;
}

export interface DataExportLinkTable {
  token_hash: string;
  borrower_id: number;
  created_at: string;
  expires_at: string;
}

/** A borrower the retention job anonymised, and when: the job's mark that they are done. */
export interface AnonymisedBorrowerTable {
  borrower_id: number;
  anonymised_at: string;
}

/** One figure of the portfolio summed per lender day (or cohort and month), product and campaign (decision 0111). */
export interface PortfolioSumTable {
  figure: string;
  product_id: number;
  /** '' when the borrower came through no campaign. */
  utm_tag: string;
  day: string;
  /** The lender's month a cohort's payment fell in; '' for the other figures. */
  month: string;
  /** bigint: PostgreSQL answers it as a string, so read it through Number(). */
  amount: number | string;
}

/** Each order's standing and its part of portfolio_sums, as its last money event left them (decision 0111). */
export interface PortfolioOrderStandingTable {
  order_id: number;
  product_id: number;
  utm_tag: string;
  outstanding_principal: number | string;
  oldest_unpaid_due: string | null;
  /** JSON [[figure, day, month, amount], …], without the aging penalty (decision 0118). */
  sums: string;
  /** Its oldest due date with principal or interest unpaid while live: where its aging figures are (decision 0118). */
  aging_day: string | null;
  /** The penalty it counts at aging_day; the daily job adds each accrual. bigint, read through Number(). */
  penalty_owed: number | string;
}

/** Operators' notes on a borrower (decision 0113, migration 2026-11-29-70): append-only, triggers refuse UPDATE and DELETE. */
export interface BorrowerNoteTable {
  id: Generated<number>;
  borrower_id: number;
  text: string;
  operator_id: number;
  operator_name: string;
  created_at: string;
}
