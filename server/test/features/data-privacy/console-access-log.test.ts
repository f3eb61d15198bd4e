import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCalls, endpoints, OPERATOR_SESSION_COOKIE, CSRF_HEADER } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower, otherBorrower } from '../../support/borrowers.ts';
import { completeIdentity, philIdHolder } from '../../support/identity.ts';
import { complaintWithImage } from '../../support/complaints.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { buildDataExport, declaredPersonalDataReads } from '../../../src/features/data-privacy/index.ts';
import {
  createOperator,
  createOperatorSession,
} from '../../../src/features/operators/operator-repository.ts';

/** What the test made for the calls to read: one borrower's loan, complaint and image, an identity. */
interface Fixture {
  borrowerId: number;
  orderId: number;
  orderNo: string;
  complaintImageId: string;
  identityBorrowerId: number;
  identityImageId: string;
  cicSubmissionId: number;
}

type Entry =
  | {
      /** Returns a borrower's personal data: the call and the borrower its log row must name. */
      personal: (f: Fixture) => { input: Record<string, string>; borrowerId?: number };
      what: string;
      /** A file of many borrowers: one row naming the file, shown in each one's log. */
      file?: true;
    }
  | { notPersonal: string };

const pseudonymous = 'order numbers, borrower ids and amounts in bulk: no name, phone or account';
const action = 'an action: the audit log records it';

/**
 * Every console call, classified (decision 0107): a new call fails the first test until it is
 * here; a call that shows a borrower's personal data must be registered as a declared read
 * (registerPersonalDataRead) under the same name, and is called and must add its log row.
 */
const consoleReads = {
  consoleSignIn: { notPersonal: 'the operator signing in' },
  consoleSignOut: { notPersonal: 'the operator signing out' },
  consoleMe: { notPersonal: 'the operator and their menu' },
  consoleDashboard: { notPersonal: 'counts only' },
  consoleOrders: {
    personal: (f) => ({ input: { q: f.orderNo }, borrowerId: f.borrowerId }),
    what: 'order queue',
  },
  consoleOrder: {
    personal: (f) => ({ input: { orderId: String(f.orderId) }, borrowerId: f.borrowerId }),
    what: 'order page',
  },
  consoleApproveOrder: { notPersonal: action },
  consoleRejectOrder: { notPersonal: action },
  consoleDisburseOrder: { notPersonal: action },
  consoleWriteOffOrder: { notPersonal: action },
  consolePayments: { personal: () => ({ input: {} }), what: 'payments list' },
  consoleAcceptPayment: { notPersonal: action },
  consoleReturnPayment: { notPersonal: action },
  consoleComplaints: { personal: (f) => ({ input: {}, borrowerId: f.borrowerId }), what: 'complaints inbox' },
  consoleReplyComplaint: { notPersonal: action },
  consoleFunnel: { notPersonal: 'visit counts per campaign' },
  consoleProducts: { notPersonal: 'loan products' },
  consoleSaveProduct: { notPersonal: action },
  consoleProductPreview: { notPersonal: "a product's sample plans" },
  consoleProductState: { notPersonal: action },
  consoleAudit: { notPersonal: "operators' actions on subjects by id; the audit log itself" },
  consoleTemplates: { notPersonal: 'message templates' },
  consoleSaveTemplate: { notPersonal: action },
  consoleServiceContacts: { notPersonal: "the lender's own contacts" },
  consoleSaveServiceContacts: { notPersonal: action },
  consoleBrand: { notPersonal: 'the brand' },
  consoleSaveBrand: { notPersonal: action },
  consoleResetBrand: { notPersonal: action },
  consoleOperators: { notPersonal: 'operators, not borrowers' },
  consoleCreateOperator: { notPersonal: action },
  consoleChangeOperator: { notPersonal: action },
  consoleResetOperatorPassword: { notPersonal: action },
  consoleComplaintImage: {
    personal: (f) => ({ input: { id: f.complaintImageId }, borrowerId: f.borrowerId }),
    what: 'complaint image',
  },
  consoleCollections: { personal: () => ({ input: {} }), what: 'collections queue' },
  consoleCollectionsOrder: {
    personal: (f) => ({ input: { orderId: String(f.orderId) }, borrowerId: f.borrowerId }),
    what: 'collections case',
  },
  consoleRecordContact: { notPersonal: action },
  consoleAssignCollector: { notPersonal: action },
  consoleSendCollectionSms: { notPersonal: action },
  consoleCollectionTemplates: { notPersonal: 'message templates' },
  consoleSaveCollectionTemplate: { notPersonal: action },
  consoleApproveCollectionTemplate: { notPersonal: action },
  consoleExportOrders: { notPersonal: pseudonymous },
  consoleExportPayments: { notPersonal: pseudonymous },
  consoleExportJournal: { notPersonal: pseudonymous },
  consoleExportTrialBalance: { notPersonal: 'account totals' },
  consolePortfolio: { notPersonal: 'totals per period' },
  consoleTrialBalance: { notPersonal: 'account totals' },
  consoleOrderStatement: {
    personal: (f) => ({ input: { order: f.orderNo }, borrowerId: f.borrowerId }),
    what: 'statement',
  },
  consoleReconciliation: { notPersonal: 'totals per provider' },
  consoleExportReconciliation: { notPersonal: 'totals per provider' },
  consoleExportStatement: {
    personal: (f) => ({ input: { order: String(f.orderId) }, borrowerId: f.borrowerId }),
    what: 'statement',
  },
  consoleExportPortfolio: { notPersonal: 'totals per period' },
  consoleCreditModels: { notPersonal: 'decision models and counts per officer' },
  consoleCreditModelSave: { notPersonal: action },
  consoleCreditSimulate: { notPersonal: "a model's outcomes in totals" },
  consoleCreditActivate: { notPersonal: action },
  consoleOrderDecision: {
    personal: (f) => ({ input: { orderId: String(f.orderId) }, borrowerId: f.borrowerId }),
    what: 'credit decision',
  },
  consoleCreditOverride: { notPersonal: action },
  consolePrivacyRequests: { personal: () => ({ input: {} }), what: 'privacy requests' },
  consoleClosePrivacyRequest: { notPersonal: action },
  consoleAccessLog: { notPersonal: 'who read which borrower id; reading it is not logged again' },
  consoleBreaches: { notPersonal: 'breaches, counts of borrowers' },
  consoleRecordBreach: { notPersonal: action },
  consoleBreachNotified: { notPersonal: action },
  consoleManualRepayment: { notPersonal: action },
  consoleReversePayment: { notPersonal: action },
  consoleWaiveCharge: { notPersonal: action },
  consoleRestructurePreview: {
    notPersonal: "a new plan's amounts and dates for an order id: no name, phone or account",
  },
  consoleOfferRestructuring: { notPersonal: action },
  consoleApprovals: { personal: () => ({ input: {} }), what: 'money approvals' },
  consoleApproveRequest: { notPersonal: action },
  consoleApprovalCount: { notPersonal: 'a count of requests' },
  consoleStandardReport: { notPersonal: 'totals per period' },
  consoleExportStandardReport: { notPersonal: 'totals per period, as CSV' },
  consoleRejectRequest: { notPersonal: action },
  consoleCicSubmissions: { notPersonal: 'files and their counts' },
  consoleCicGenerate: { notPersonal: action },
  consoleCicMarkSent: { notPersonal: action },
  consoleCicDownload: {
    personal: (f) => ({ input: { id: String(f.cicSubmissionId) }, borrowerId: f.borrowerId }),
    what: 'CIC submission file',
    file: true,
  },
  consoleIdentityQueue: {
    personal: (f) => ({ input: {}, borrowerId: f.identityBorrowerId }),
    what: 'identity queue',
  },
  consoleIdentity: {
    personal: (f) => ({
      input: { borrowerId: String(f.identityBorrowerId) },
      borrowerId: f.identityBorrowerId,
    }),
    what: 'identity review',
  },
  consoleIdentityImage: {
    personal: (f) => ({ input: { id: f.identityImageId }, borrowerId: f.identityBorrowerId }),
    what: 'identity image',
  },
  consoleIdentityDecide: { notPersonal: action },
  // The borrower's export lists who opened their record: a read of the AML register logged there
  // would tell them a report exists, which the AMLA forbids (decision 0112). The register keeps
  // who flagged and who reported each record, and the audit log both actions.
  consoleAmlRecords: { notPersonal: 'AML register: never in the borrower-visible log (tipping off)' },
  consoleAmlExport: { notPersonal: 'AML register: never in the borrower-visible log (tipping off)' },
  consoleAmlFlag: { notPersonal: action },
  consoleAmlReported: { notPersonal: action },
  consoleAssignCollectorBulk: { notPersonal: action },
  consoleBorrowerSearch: {
    personal: (f) => ({ input: { q: f.orderNo }, borrowerId: f.borrowerId }),
    what: 'borrower search',
  },
  consoleBorrowerProfile: {
    personal: (f) => ({ input: { borrowerId: String(f.borrowerId) }, borrowerId: f.borrowerId }),
    what: 'borrower profile',
  },
  consoleBorrowerNote: { notPersonal: action },
} satisfies Record<keyof typeof consoleCalls, Entry>;

const personalReads = Object.entries(consoleReads as Record<string, Entry>).flatMap(([name, entry]) =>
  'personal' in entry ? [{ name: name as keyof typeof consoleCalls, file: false, ...entry }] : [],
);

describe('the console calls classified for the access log', () => {
  it('names every console call, and only those', () => {
    expect(Object.keys(consoleReads).sort()).toEqual(Object.keys(consoleCalls).sort());
  });
});

describe.each(databaseTargets)('the access log of console reads on %s', (target) => {
  let t: TestApp;
  let fixture: Fixture;
  let admin = { id: 0, cookie: '', csrf: '' };
  const clock = testClock('2026-11-27T03:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    const operatorId = await createOperator(t.app.db, { name: 'admin-log', role: 'admin', now: clock.now() });
    const tokens = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
    admin = { id: operatorId, cookie: `${OPERATOR_SESSION_COOKIE}=${tokens.token}`, csrf: tokens.csrfToken };
    const other = await otherBorrower(t.app, '09170000201');
    const complaint = await complaintWithImage(t.app, other.borrowerId);
    await callEndpoint(t.app, endpoints.privacyRequest, { session: other.session, body: { kind: 'block' } });
    const now = clock.now().toISOString();
    await t.app.db
      .insertInto('approval_requests')
      .values({
        action: 'waiver',
        reference: `privacy-log-${other.order.id}`,
        subject: `order:${other.order.id}`,
        amount: 100,
        payload_json: '{}',
        status: 'pending',
        proposed_by_id: operatorId,
        proposed_by_name: 'admin-log',
        proposed_at: now,
        decided_by_id: null,
        decided_by_name: null,
        decided_at: null,
      })
      .execute();
    // A passport is checked by a person: the identity waits in the queue with its photos.
    const applicant = await newBorrower(t.app, '09170000202');
    await completeIdentity(t.app, applicant.borrowerId, philIdHolder({ pcn: '4821739056124839' }), {
      input: { documentType: 'passport', documentNumber: 'P7654321A' },
    });
    const identity = await t.app.db
      .selectFrom('identity_images')
      .select(['borrower_id', 'public_id'])
      .where('borrower_id', '=', applicant.borrowerId)
      .executeTakeFirstOrThrow();
    // The loan's automatic decision, as the decision step stores it.
    await t.app.db
      .insertInto('credit_decisions')
      .values({
        order_id: other.order.id,
        borrower_id: other.borrowerId,
        model_id: null,
        model_hash: null,
        inputs: '{}',
        trace: '[]',
        outcome: 'approve',
        reasons: '[]',
        limit_amount: null,
        limit_term_days: null,
        error: null,
        took_us: 10,
        decided_at: now,
      })
      .execute();
    // A CIC submission file that reported the borrower, as generation records it.
    const cicDir = path.join(t.app.config.dataDir, 'cic');
    fs.mkdirSync(cicDir, { recursive: true });
    fs.writeFileSync(path.join(cicDir, 'KWARTA01_CSDF_20261101090000.txt'), 'HD|KWARTA01|31102026|1.0|0|\n');
    const submission = await t.app.db
      .insertInto('cic_submissions')
      .values({
        month: '2026-10',
        submission_type: 0,
        file_name: 'KWARTA01_CSDF_20261101090000.txt',
        file_path: path.join(cicDir, 'KWARTA01_CSDF_20261101090000.txt'),
        sha256: '0'.repeat(64),
        byte_size: 28,
        subjects: 1,
        contracts: 1,
        generated_by: 'cli',
        generated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('cic_submission_borrowers')
      .values({ submission_id: submission.id, borrower_id: other.borrowerId })
      .execute();
    fixture = {
      borrowerId: other.borrowerId,
      orderId: other.order.id,
      orderNo: other.order.order_no,
      complaintImageId: complaint.publicId,
      identityBorrowerId: identity.borrower_id,
      identityImageId: identity.public_id,
      cicSubmissionId: submission.id,
    };
  });
  afterAll(() => t.close());

  it('declares exactly the personal reads, each under the name its rows carry', () => {
    const declared = Object.fromEntries(declaredPersonalDataReads());
    expect(declared).toEqual(Object.fromEntries(personalReads.map((entry) => [entry.name, entry.what])));
  });

  const adminCall = (endpoint: (typeof endpoints)[keyof typeof endpoints], input: Record<string, string>) =>
    callEndpoint(t.app, endpoint, {
      body: input,
      headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf },
    });

  it.each(personalReads.filter((entry) => entry.file))(
    '$name adds one row naming the file; the DPO and each borrower in it see it',
    async (entry) => {
      const { input, borrowerId } = entry.personal(fixture);
      const response = await adminCall(endpoints[entry.name], input);
      expect(response.status).toBe(200);
      const rows = await t.app.db.selectFrom('personal_data_file_reads').selectAll().execute();
      expect(rows).toEqual([
        expect.objectContaining({
          operator_id: admin.id,
          operator_name: 'admin-log',
          cic_submission_id: fixture.cicSubmissionId,
          what: `${entry.what} 2026-10 KWARTA01_CSDF_20261101090000.txt`,
          at: clock.now().toISOString(),
        }),
      ]);
      const dpo = await adminCall(endpoints.consoleAccessLog, {});
      expect(dpo.envelope!.data).toContainEqual({
        operatorName: 'admin-log',
        borrowerId: null,
        what: `${rows[0]!.what}, every borrower in it`,
        at: clock.now().toISOString(),
      });
      const theirs = await adminCall(endpoints.consoleAccessLog, { borrowerId: String(borrowerId) });
      expect(theirs.envelope!.data).toContainEqual({
        operatorName: 'admin-log',
        borrowerId,
        what: `${rows[0]!.what}, which holds this borrower`,
        at: clock.now().toISOString(),
      });
      const stranger = await adminCall(endpoints.consoleAccessLog, {
        borrowerId: String(fixture.identityBorrowerId),
      });
      expect(JSON.stringify(stranger.envelope!.data)).not.toContain('CIC submission file');
      // The borrower's copy of their data: who opened their record, the download included, and
      // the files they were reported in.
      const copy = await buildDataExport(t.app.db, { borrowerId: borrowerId!, now: clock.now() });
      const section = (table: string) => copy!.sections.find((found) => found.table === table)!.rows;
      expect(section('personal_data_access_log')).toContainEqual({
        operator_name: 'admin-log',
        what: `${rows[0]!.what}, which holds this borrower`,
        at: clock.now().toISOString(),
      });
      expect(section('cic_submission_borrowers')).toEqual([
        { submission_id: fixture.cicSubmissionId, borrower_id: borrowerId },
      ]);
    },
  );

  it.each(personalReads.filter((entry) => !entry.file))(
    '$name adds its row: operator, borrower, what, when',
    async (entry) => {
      const { input, borrowerId } = entry.personal(fixture);
      const before = await t.app.db
        .selectFrom('personal_data_access_log')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst();
      const response = await callEndpoint(t.app, endpoints[entry.name], {
        body: input,
        headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf },
      });
      expect(response.status).toBe(200);
      const rows = await t.app.db
        .selectFrom('personal_data_access_log')
        .selectAll()
        .where('id', '>', Number(before?.last ?? 0))
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toMatchObject({
          operator_id: admin.id,
          operator_name: 'admin-log',
          at: clock.now().toISOString(),
        });
        expect(row.what.startsWith(entry.what)).toBe(true);
      }
      if (borrowerId !== undefined) expect(rows.map((row) => row.borrower_id)).toContain(borrowerId);
    },
  );
});
