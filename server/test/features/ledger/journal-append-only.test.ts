import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LedgerAccount } from '@kwarta/domain';
import { postJournalEntry } from '../../../src/features/ledger/index.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';

/**
 * DESIGN D17: the journal is append-only at the database itself, as the audit log is: no code
 * path can rewrite or remove what was booked; a correction is a reversing entry.
 */
describe.each(databaseTargets)('journal append-only (%s)', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-27T02:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
  });
  afterAll(() => t.close());

  it('refuses UPDATE and DELETE of journal entries and lines, and keeps them as booked', async () => {
    const entryId = await postJournalEntry(
      t.app.db,
      {
        kind: 'accrual',
        lines: [
          { account: LedgerAccount.PenaltyReceivable, debit: 500, credit: 0 },
          { account: LedgerAccount.PenaltyIncome, debit: 0, credit: 500 },
        ],
      },
      { eventKey: 'test:append-only', at: clock.now(), timeZone: 'Asia/Manila', memo: 'booked' },
    );
    expect(entryId).not.toBeNull();

    await expect(sql`update journal_entries set memo = 'rewritten'`.execute(t.app.db)).rejects.toThrow(
      /journal_entries is append-only/,
    );
    await expect(sql`update journal_lines set debit = 0, credit = 0`.execute(t.app.db)).rejects.toThrow(
      /journal_lines is append-only/,
    );
    await expect(sql`delete from journal_lines`.execute(t.app.db)).rejects.toThrow(
      /journal_lines is append-only/,
    );
    await expect(sql`delete from journal_entries where id = ${entryId}`.execute(t.app.db)).rejects.toThrow(
      /journal_entries is append-only/,
    );
    if (target === 'postgres') {
      await expect(sql`truncate journal_lines, journal_entries`.execute(t.app.db)).rejects.toThrow(
        /append-only/,
      );
    }

    const entry = await t.app.db
      .selectFrom('journal_entries')
      .select('memo')
      .where('id', '=', entryId!)
      .executeTakeFirstOrThrow();
    expect(entry.memo).toBe('booked');
    const lines = await t.app.db
      .selectFrom('journal_lines')
      .select(['debit', 'credit'])
      .where('entry_id', '=', entryId!)
      .execute();
    expect(lines.map((line) => Number(line.debit) + Number(line.credit))).toEqual([500, 500]);
  });
});
