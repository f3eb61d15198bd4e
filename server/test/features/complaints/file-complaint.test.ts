import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@kwarta/contract';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { otherBorrower } from '../../support/borrowers.ts';
import { fileComplaint } from '../../../src/features/complaints/file-complaint.ts';
import { inTransaction } from '../../../src/db/transaction.ts';

// The use case on its own: plain dependencies, no HTTP, and composed inside a caller's transaction.
describe.each(databaseTargets)('fileComplaint use case (%s)', (target) => {
  let t: TestApp;
  let borrowerId: number;
  const clock = testClock('2026-11-23T08:00:00.000Z');
  const form = (over: Partial<Parameters<typeof fileComplaint>[2]> = {}) => ({
    problemType: 5,
    problemSonType: 0,
    problemDetail: 'The app logs me out every morning.',
    problemImage: '',
    orderNo: '',
    ...over,
  });
  const complaintsOf = async (id: number) =>
    (await t.app.db.selectFrom('problems').select('id').where('borrower_id', '=', id).execute()).length;

  beforeAll(async () => {
    t = await createTestApp(target);
    borrowerId = (await otherBorrower(t.app)).borrowerId;
  });
  afterAll(() => t.close());

  it('files a complaint with only a database and a clock, once per request id', async () => {
    const deps = { db: t.app.db, clock, store: t.app.store };
    const first = await fileComplaint(deps, borrowerId, form({ requestId: 'req-0123456789abcdef' }));
    const again = await fileComplaint(deps, borrowerId, form({ requestId: 'req-0123456789abcdef' }));
    expect(again).toEqual(first);
    expect(await complaintsOf(borrowerId)).toBe(1);
  });

  it('joins the transaction it is handed: when the caller rolls back, the complaint is gone too', async () => {
    const before = await complaintsOf(borrowerId);
    await expect(
      inTransaction(t.app.db, async (trx) => {
        await fileComplaint({ db: trx, clock, store: t.app.store }, borrowerId, form());
        throw new Error('a later step of the caller failed');
      }),
    ).rejects.toThrow('a later step');
    expect(await complaintsOf(borrowerId)).toBe(before);
  });

  it('refuses what breaks a rule with the catalogue text and writes nothing', async () => {
    const before = await complaintsOf(borrowerId);
    await expect(
      fileComplaint({ db: t.app.db, clock, store: t.app.store }, borrowerId, form({ problemDetail: '  ' })),
    ).rejects.toThrow(messages.complaintEmpty);
    expect(await complaintsOf(borrowerId)).toBe(before);
  });
});
