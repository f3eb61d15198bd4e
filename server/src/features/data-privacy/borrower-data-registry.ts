import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BlobStorage } from '../../lib/blob-storage.ts';
import { fileReadsOf } from './access-log.ts';

/**
 * Every table of the database, and what it holds of a borrower (decision 0107). One registry drives
 * the export ("download my data"), the erasure and the retention job, and a test fails when a
 * table exists that is not listed here: a new table holding borrower data is one entry.
 *
 * A borrower-data entry says how to read the borrower's rows (the export) and how to erase them,
 * and which hold keeps them:
 * - 'none': erased at once on request (usage traces, marketing events);
 * - 'open-loan': kept while a loan is open (what collecting it needs), then erased on request;
 * - 'identity-aml': customer identification and transaction records, kept five years after the
 *   relationship ends (RA 9160 as amended, 2018 IRR Rule 17); anonymised by the retention job;
 * - 'ledger': the books, never erased: their rows name orders and accounts only, and once the
 *   borrower is anonymised the order is a pseudonymous subject.
 */
export type Hold = 'none' | 'open-loan' | 'identity-aml' | 'ledger';

/** The borrower a request or a run is about, with the keys other tables reach them by. */
export interface DataSubject {
  borrowerId: number;
  phone: string;
  orderIds: number[];
}

export interface EraseDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  /** Stands in for the phone wherever one must stay unique and non-empty (see pseudonymOf). */
  pseudonym: string;
}

export interface BorrowerDataTable {
  kind: 'borrower-data';
  /** The export's section title, as the readable document shows it. */
  section: string;
  hold: Hold;
  rows(db: Kysely<Database>, subject: DataSubject): Promise<Record<string, unknown>[]>;
  /** Removes or anonymises the borrower's rows; the number changed, 0 when already erased. */
  erase(deps: EraseDeps, subject: DataSubject): Promise<number>;
}

export interface OtherTable {
  kind: 'not-borrower-data';
  /** Why no borrower's personal data is in it. */
  why: string;
}

export type TableEntry = BorrowerDataTable | OtherTable;

/** What a borrower's phone becomes once erased: unique, and never a number anyone can dial. */
export function pseudonymOf(borrowerId: number): string {
  return `erased-${borrowerId}`;
}

const NO_ROWS = -1;
const inOrders = (subject: DataSubject) => (subject.orderIds.length ? subject.orderIds : [NO_ROWS]);
const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/**
 * The generic helpers below address a table by its name, so they see it as rows of the key
 * columns they use; the registry's typing (satisfies, below) keeps the names real tables.
 */
type KeyRow = { borrower_id: number; order_id: number; phone: string | null; text: string };
const byName = (db: Kysely<Database>) => db as unknown as Kysely<Record<string, KeyRow>>;

/** Rows kept as they are: erasing a borrower leaves them, pseudonymous through the borrower row. */
const kept = async () => 0;

function byBorrower(
  table: keyof Database & string,
  section: string,
  hold: Hold,
  erase: BorrowerDataTable['erase'],
): BorrowerDataTable {
  return {
    kind: 'borrower-data',
    section,
    hold,
    rows: (db, subject) =>
      byName(db)
        .selectFrom(table as string)
        .selectAll()
        .where('borrower_id', '=', subject.borrowerId)
        .execute(),
    erase,
  };
}

function byOrder(
  table: keyof Database & string,
  section: string,
  hold: Hold,
  erase: BorrowerDataTable['erase'] = kept,
): BorrowerDataTable {
  return {
    kind: 'borrower-data',
    section,
    hold,
    rows: (db, subject) =>
      byName(db)
        .selectFrom(table as string)
        .selectAll()
        .where('order_id', 'in', inOrders(subject))
        .execute(),
    erase,
  };
}

function deleteByBorrower(table: keyof Database & string): BorrowerDataTable['erase'] {
  return async ({ db }, subject) =>
    changed(
      await byName(db)
        .deleteFrom(table as string)
        .where('borrower_id', '=', subject.borrowerId)
        .executeTakeFirst(),
    );
}

function byPhone(table: 'sms_outbox' | 'sms_sends' | 'promotion_events', section: string): BorrowerDataTable {
  return {
    kind: 'borrower-data',
    section,
    hold: 'none',
    rows: (db, subject) =>
      byName(db)
        .selectFrom(table as string)
        .selectAll()
        .where('phone', '=', subject.phone)
        .execute(),
    async erase({ db }, subject) {
      // The rows count sends for limits and the funnel; only who they went to is erased.
      return changed(
        await byName(db)
          .updateTable(table as string)
          .set(
            table === 'promotion_events'
              ? { phone: null }
              : table === 'sms_outbox'
                ? { phone: '', text: '' }
                : { phone: '' },
          )
          .where('phone', '=', subject.phone)
          .executeTakeFirst(),
      );
    },
  };
}

export const tableRegistry = {
  borrowers: {
    kind: 'borrower-data',
    section: 'Profile',
    hold: 'identity-aml',
    rows: (db, subject) =>
      db
        .selectFrom('borrowers')
        .select(['id', 'phone', 'full_name', 'is_repeat_client', 'created_at'])
        .where('id', '=', subject.borrowerId)
        .execute(),
    async erase({ db, pseudonym }, subject) {
      return changed(
        await db
          .updateTable('borrowers')
          .set({ phone: pseudonym, full_name: null })
          .where('id', '=', subject.borrowerId)
          .where('phone', '!=', pseudonym)
          .executeTakeFirst(),
      );
    },
  },
  registrations: byBorrower('registrations', 'Registration', 'identity-aml', async ({ db }, subject) =>
    changed(
      await db
        .updateTable('registrations')
        .set({ user_name: '', device_id: null, ip: null })
        .where('borrower_id', '=', subject.borrowerId)
        .where('user_name', '!=', '')
        .executeTakeFirst(),
    ),
  ),
  payment_accounts: {
    ...byBorrower('payment_accounts', 'Payment accounts', 'identity-aml', async ({ db }, subject) =>
      changed(
        await db
          .updateTable('payment_accounts')
          .set({ holder_name: '', details: '{}', account_ciphertext: '', account_last4: '' })
          .where('borrower_id', '=', subject.borrowerId)
          .where('account_ciphertext', '!=', '')
          .executeTakeFirst(),
      ),
    ),
    // Never the encrypted number: the export shows what the app shows, its last four digits.
    rows: (db, subject) =>
      db
        .selectFrom('payment_accounts')
        .select([
          'id',
          'channel',
          'institution_name',
          'holder_name',
          'account_last4',
          'is_default',
          'created_at',
        ])
        .where('borrower_id', '=', subject.borrowerId)
        .execute(),
  },
  sessions: {
    // Held while a loan is open: the borrower signs in to repay it.
    ...byBorrower('sessions', 'Sign-ins', 'open-loan', deleteByBorrower('sessions')),
    // The token's hash is a credential of sorts: the export says when and from which device only.
    rows: (db, subject) =>
      db
        .selectFrom('sessions')
        .select(['device_id', 'created_at', 'last_seen_at', 'expires_at'])
        .where('borrower_id', '=', subject.borrowerId)
        .execute(),
  },
  orders: byBorrower('orders', 'Loans', 'identity-aml', kept),
  order_plan_lines: byOrder('order_plan_lines', 'Repayment plan lines', 'identity-aml'),
  order_status_history: byOrder('order_status_history', 'Loan decisions and status changes', 'identity-aml'),
  order_agreements: byOrder('order_agreements', 'Agreements accepted', 'identity-aml'),
  order_penalty_accruals: byOrder('order_penalty_accruals', 'Late penalties', 'identity-aml'),
  borrower_open_orders: byBorrower('borrower_open_orders', 'Open loans', 'open-loan', kept),
  disbursements: byOrder('disbursements', 'Disbursements', 'identity-aml'),
  payments: byBorrower('payments', 'Payments', 'identity-aml', kept),
  payment_allocations: byOrder('payment_allocations', 'How payments were applied', 'identity-aml'),
  borrower_credits: byBorrower('borrower_credits', 'Credits', 'identity-aml', kept),
  legacy_repayments: {
    ...byBorrower('legacy_repayments', 'Card repayments', 'identity-aml', kept),
    rows: (db, subject) =>
      db
        .selectFrom('legacy_repayments')
        .select(['id', 'order_id', 'amount', 'status', 'paid_amount', 'created_at'])
        .where('borrower_id', '=', subject.borrowerId)
        .execute(),
  },
  collection_assignments: byOrder('collection_assignments', 'Collection assignments', 'open-loan'),
  collection_contacts: byOrder(
    'collection_contacts',
    'Collection contacts',
    'open-loan',
    async ({ db }, subject) =>
      changed(
        await db
          .updateTable('collection_contacts')
          .set({ note: '' })
          .where('order_id', 'in', inOrders(subject))
          .where('note', '!=', '')
          .executeTakeFirst(),
      ),
  ),
  collection_promises: byOrder('collection_promises', 'Promises to pay', 'open-loan'),
  // The day's count of collection messages to a phone (decision 0103): the cap needs it while a
  // loan is collected, and only for its day, so retention removes the days that are over.
  collection_contact_counts: {
    kind: 'borrower-data',
    section: 'Collection messages counted per day',
    hold: 'open-loan',
    rows: (db, subject) =>
      db
        .selectFrom('collection_contact_counts')
        .select(['day', 'count'])
        .where('phone', '=', subject.phone)
        .execute(),
    erase: async ({ db }, subject) =>
      changed(
        await db
          .deleteFrom('collection_contact_counts')
          .where('phone', '=', subject.phone)
          .executeTakeFirst(),
      ),
  },
  sms_messages: byOrder('sms_messages', 'Messages sent to me', 'open-loan', async ({ db }, subject) =>
    changed(
      await db
        .updateTable('sms_messages')
        .set({ phone: '', text: '' })
        .where('order_id', 'in', inOrders(subject))
        .where('phone', '!=', '')
        .executeTakeFirst(),
    ),
  ),
  sms_outbox: byPhone('sms_outbox', 'Codes and texts sent to my phone'),
  sms_sends: byPhone('sms_sends', 'Code requests'),
  promotion_events: byPhone('promotion_events', 'Promotion visits'),
  problems: byBorrower('problems', 'Complaints', 'open-loan', async ({ db }, subject) =>
    changed(
      await db
        .updateTable('problems')
        .set({ content: '', reply_text: null })
        .where('borrower_id', '=', subject.borrowerId)
        .where('content', '!=', '')
        .executeTakeFirst(),
    ),
  ),
  problem_images: {
    ...byBorrower('problem_images', 'Complaint images', 'open-loan', async ({ db, storage }, subject) => {
      const images = await db
        .selectFrom('problem_images')
        .select(['id', 'storage_key'])
        .where('borrower_id', '=', subject.borrowerId)
        .execute();
      // The blob first: a crash between the two leaves a row whose file is gone, which the next
      // run deletes, never a file nobody points to any more.
      for (const image of images) await storage.delete(image.storage_key);
      return deleteByBorrower('problem_images')({ db, storage, pseudonym: '' }, subject);
    }),
    rows: (db, subject) =>
      db
        .selectFrom('problem_images')
        .select(['public_id', 'problem_id', 'role', 'content_type', 'byte_size', 'created_at'])
        .where('borrower_id', '=', subject.borrowerId)
        .execute(),
  },
  tracking_events: byBorrower(
    'tracking_events',
    'Taps recorded',
    'none',
    deleteByBorrower('tracking_events'),
  ),
  app_ratings: byBorrower('app_ratings', 'App rating', 'none', deleteByBorrower('app_ratings')),
  app_rating_declines: byBorrower(
    'app_rating_declines',
    'App rating declined',
    'none',
    deleteByBorrower('app_rating_declines'),
  ),
  privacy_acknowledgements: byBorrower(
    'privacy_acknowledgements',
    'Privacy notices acknowledged',
    'identity-aml',
    kept,
  ),
  data_subject_requests: byBorrower(
    'data_subject_requests',
    'My requests',
    'identity-aml',
    async ({ db }, subject) =>
      changed(
        await db
          .updateTable('data_subject_requests')
          .set({ requested_value: null })
          .where('borrower_id', '=', subject.borrowerId)
          .where('requested_value', 'is not', null)
          .executeTakeFirst(),
      ),
  ),
  personal_data_access_log: {
    ...byBorrower('personal_data_access_log', 'Staff who opened my record', 'identity-aml', kept),
    // And the downloads of files that held the borrower (a CIC submission file), one row a download.
    rows: async (db, subject) => [
      ...(await db
        .selectFrom('personal_data_access_log')
        .select(['operator_name', 'what', 'at'])
        .where('borrower_id', '=', subject.borrowerId)
        .execute()),
      ...(await fileReadsOf(db, subject.borrowerId)),
    ],
  },
  personal_data_file_reads: {
    kind: 'not-borrower-data',
    why: 'downloads of files by operator, naming the file; whose data a file held is its borrower list',
  },
  anonymised_borrowers: byBorrower('anonymised_borrowers', 'Anonymised', 'identity-aml', kept),
  data_export_links: {
    ...byBorrower('data_export_links', 'Download links', 'none', deleteByBorrower('data_export_links')),
    rows: async () => [],
  },
  journal_entries: { ...byOrder('journal_entries', 'Ledger entries', 'ledger'), rows: async () => [] },
  journal_lines: { ...byOrder('journal_lines', 'Ledger lines', 'ledger'), rows: async () => [] },

  products: { kind: 'not-borrower-data', why: "the lender's loan products" },
  problem_types: { kind: 'not-borrower-data', why: 'the complaint form’s types' },
  channel_templates: { kind: 'not-borrower-data', why: "promotion landing pages' configuration" },
  collection_templates: { kind: 'not-borrower-data', why: 'approved SMS templates, no recipient' },
  operators: { kind: 'not-borrower-data', why: "the lender's staff" },
  operator_sessions: { kind: 'not-borrower-data', why: 'staff sign-ins' },
  operator_devices: { kind: 'not-borrower-data', why: 'staff browsers' },
  operator_sign_in_failures: { kind: 'not-borrower-data', why: 'staff sign-in attempts' },
  operator_audit: {
    kind: 'not-borrower-data',
    why: 'staff writes by subject id (order, problem); append-only by law of the books, pseudonymous once the borrower is anonymised',
  },
  settings: { kind: 'not-borrower-data', why: 'lender-wide settings' },
  brand_looks: { kind: 'not-borrower-data', why: 'the brand' },
  ephemeral_entries: {
    kind: 'not-borrower-data',
    why: 'rate-limit counters and one-time codes that expire within minutes (purge-expired-entries)',
  },
  provider_events: {
    kind: 'not-borrower-data',
    why: "payment providers' callbacks by transaction id, kept as evidence of the books",
  },
  job_runs: { kind: 'not-borrower-data', why: 'job bookkeeping' },
  job_leases: { kind: 'not-borrower-data', why: 'job bookkeeping' },
  // Identity and screening (decision 0108): customer identification records, kept five years after
  // the relationship ends; the retention job then blanks what identifies the person.
  identities: byBorrower('identities', 'Identity', 'identity-aml', async ({ db }, subject) =>
    changed(
      await db
        .updateTable('identities')
        .set({
          first_name: '',
          middle_name: '',
          last_name: '',
          sex: null,
          date_of_birth: '',
          place_of_birth: '',
          present_address: '',
          permanent_address: '',
          email: '',
          occupation: '',
          employer: '',
          tax_number: null,
          document_number: '',
          qr_detail: '',
        })
        .where('borrower_id', '=', subject.borrowerId)
        .where('first_name', '!=', '')
        .executeTakeFirst(),
    ),
  ),
  identity_images: {
    ...byBorrower('identity_images', 'Identity photos', 'identity-aml', async ({ db, storage }, subject) => {
      const images = await db
        .selectFrom('identity_images')
        .select('storage_key')
        .where('borrower_id', '=', subject.borrowerId)
        .execute();
      // The blob first, as for complaint images: never a file nobody points to.
      for (const image of images) await storage.delete(image.storage_key);
      return deleteByBorrower('identity_images')({ db, storage, pseudonym: '' }, subject);
    }),
    rows: (db, subject) =>
      db
        .selectFrom('identity_images')
        .select(['public_id', 'content_type', 'byte_size', 'created_at'])
        .where('borrower_id', '=', subject.borrowerId)
        .execute(),
  },
  screening_hits: byBorrower('screening_hits', 'Sanctions screening results', 'identity-aml', kept),
  sanctions_entries: { kind: 'not-borrower-data', why: 'the sanctions lists as published' },
  // The AML register (decision 0112): kept five years after the relationship ends; its narrative is
  // blanked after that. Never in the borrower's copy: telling anyone that a covered or suspicious
  // transaction report was made is forbidden (RA 9160 sec. 9(c), "tipping off").
  aml_records: {
    ...byBorrower('aml_records', 'Anti-money-laundering records', 'identity-aml', async ({ db }, subject) =>
      changed(
        await db
          .updateTable('aml_records')
          .set({ narrative: '' })
          .where('borrower_id', '=', subject.borrowerId)
          .where('narrative', '!=', '')
          .executeTakeFirst(),
      ),
    ),
    rows: async () => [],
  },
  // Credit decisions (decision 0109): the inputs, reasons and outcome of each application.
  credit_decisions: byBorrower(
    'credit_decisions',
    'Credit decisions and their reasons',
    'identity-aml',
    kept,
  ),
  credit_decision_overrides: byOrder(
    'credit_decision_overrides',
    'Reviews of credit decisions',
    'identity-aml',
  ),
  // Operators' notes on the borrower (decision 0113): append-only (triggers refuse UPDATE and
  // DELETE), the record of how the lender dealt with the customer, kept like the credit decisions.
  borrower_notes: byBorrower('borrower_notes', 'Notes staff made about me', 'identity-aml', kept),
  credit_decision_models: { kind: 'not-borrower-data', why: 'the lender’s decision rules' },
  credit_model_activations: { kind: 'not-borrower-data', why: 'which decision model is active, by whom' },
  // Back-office money actions (decision 0110): part of the loan's books, kept like its payments.
  manual_repayments: {
    kind: 'not-borrower-data',
    why: 'deposit slips by payment id; the payment itself is exported and held with the loan',
  },
  payment_reversals: byOrder('payment_reversals', 'Payments taken back', 'identity-aml'),
  order_waivers: byOrder('order_waivers', 'Charges waived', 'identity-aml'),
  order_restructurings: byOrder('order_restructurings', 'Rescheduled plans', 'identity-aml'),
  approval_requests: { kind: 'not-borrower-data', why: 'staff approvals of money actions, by subject id' },
  // The portfolio's summaries (decision 0111): figures of the books, kept like the ledger.
  portfolio_sums: { kind: 'not-borrower-data', why: 'sums over every loan by day, product and campaign' },
  portfolio_order_standings: byOrder('portfolio_order_standings', 'Portfolio standing of my loans', 'ledger'),
  cic_submissions: {
    kind: 'not-borrower-data',
    why: 'the CIC files generated: month, counts, hash and who sent them',
  },
  // Which CIC files a borrower was reported in (decision 0107): what was disclosed to the credit
  // bureau, kept with the loans it reported; ids only, pseudonymous once the borrower is anonymised.
  cic_submission_borrowers: byBorrower(
    'cic_submission_borrowers',
    'Credit bureau (CIC) files I was reported in',
    'identity-aml',
    kept,
  ),
  privacy_policy_versions: { kind: 'not-borrower-data', why: 'the policy texts’ versions' },
  privacy_breaches: { kind: 'not-borrower-data', why: 'incidents, described without personal data' },
} satisfies Record<keyof Database, TableEntry>;

export type RegisteredTable = keyof typeof tableRegistry;

/** The entries holding borrower data, in the registry's order (the export's order). */
export const borrowerDataTables = Object.entries(tableRegistry).filter(
  (entry): entry is [RegisteredTable, BorrowerDataTable] => entry[1].kind === 'borrower-data',
);
