import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import { sql, type Generated, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type SqliteDriver } from '../../src/db/database.ts';
import { preparedQuery } from '../../src/db/prepared-query.ts';

/**
 * Our SQLite driver (sqlite-driver.ts: queue lock, statement cache, row builders, one read
 * transaction per event-loop turn) must behave like Kysely's own. Random programs of reads,
 * writes, schema changes and transactions run against two fresh files, one on each driver.
 *
 * First, programs whose order of execution is fixed: every answer (rows, counts, errors), what
 * another connection sees after each step, and the files' contents must be the same. A step runs
 * its operations (each one query or one transaction) one after another across awaits, or issues
 * them all in one go (writes, reads and transactions queued in the same turn). The next step starts in the same turn or after it
 * (when our driver ends the turn's shared read), and another connection may commit to the file
 * first, as another process would: that must show from the next turn on.
 *
 * Then tasks that race, each awaiting its own queries: which one gets the connection next is
 * not fixed (our reads answer in fewer microtask hops than Kysely's, so a task may come back for
 * the connection sooner), so there each driver must keep what any order keeps: no read sees a
 * transaction half done or a rolled-back write, and a task sees its own writes at once.
 */

interface TestDatabase {
  accounts: { id: Generated<number>; owner: string; balance: number };
  entries: { id: Generated<number>; account_id: number; amount: number; note: string | null };
}
type Db = Kysely<TestDatabase>;

// Files in memory where there is a tmpfs: thousands of databases, and no disk syncs to wait for.
const scratchDir = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

/** An empty database of the test's tables, copied for each run (quicker than creating them). */
const template = path.join(fs.mkdtempSync(path.join(scratchDir, 'kwarta-differential-')), 'empty.sqlite');
{
  const file = new SQLite(template);
  file.pragma('journal_mode = WAL');
  file.exec(`
    create table accounts (id integer primary key, owner text not null unique, balance integer not null);
    create table entries (
      id integer primary key,
      account_id integer not null references accounts (id),
      amount integer not null,
      note text
    );
  `);
  file.close();
}
afterAll(() => fs.rmSync(path.dirname(template), { recursive: true, force: true }));

async function openDatabase(driver: SqliteDriver): Promise<{
  db: Db;
  /** Another connection to the same file, as another process would have. */
  other: SQLite.Database;
  close(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(scratchDir, `kwarta-differential-${driver}-`));
  fs.copyFileSync(template, path.join(dataDir, 'kwarta.sqlite'));
  const db = createDatabase({ dataDir, sqliteDriver: driver }).db as unknown as Db;
  const other = new SQLite(path.join(dataDir, 'kwarta.sqlite'));
  other.pragma('busy_timeout = 5000');
  other.pragma('foreign_keys = ON');
  return {
    db,
    other,
    async close() {
      other.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// Through preparedQuery, so on our driver these skip the queue when the connection is free and
// share the turn's read transaction.
const accountById = preparedQuery((db: Db, id: number) =>
  db.selectFrom('accounts').selectAll().where('id', '=', id),
);
const entriesOfAccount = preparedQuery((db: Db, accountId: number) =>
  db.selectFrom('entries').selectAll().where('account_id', '=', accountId).orderBy('id'),
);
const accountWithEntries = preparedQuery((db: Db, id: number) =>
  db
    .selectFrom('accounts')
    .innerJoin('entries', 'entries.account_id', 'accounts.id')
    .selectAll()
    .where('accounts.id', '=', id)
    .orderBy('entries.id'),
);
const balancesUpTo = preparedQuery((db: Db, lastId: number) =>
  db
    .selectFrom('accounts')
    .select((eb) => [eb.fn.sum<number>('balance').as('total'), eb.fn.countAll<number>().as('accounts')])
    .where('id', '<=', lastId),
);

// ---- Programs whose order of execution is fixed ---------------------------------------------

type Write =
  | { kind: 'insertAccount'; owner: string; balance: number }
  | { kind: 'insertAccountReturning'; owner: string; balance: number }
  | { kind: 'upsertAccount'; owner: string; balance: number }
  | { kind: 'insertEntry'; accountId: number; amount: number }
  | { kind: 'updateBalance'; accountId: number; delta: number }
  | { kind: 'deleteEntries'; accountId: number }
  | { kind: 'deleteAccount'; accountId: number }
  | { kind: 'addColumn' }
  | { kind: 'rebuildEntries' };

type Read =
  | { kind: 'account'; id: number }
  | { kind: 'entriesOf'; accountId: number }
  | { kind: 'accountWithEntries'; id: number }
  | { kind: 'accounts' }
  | { kind: 'totals' }
  | { kind: 'summary' }
  | { kind: 'richest'; limit: number };

type Simple = Write | Read;

interface TransactionOp {
  kind: 'transaction';
  /** Kysely's callback transaction, or a controlled one with an optional savepoint. */
  style: 'callback' | 'controlled';
  ops: Simple[];
  /** Controlled only: these run after a savepoint, which is then released or rolled back to. */
  savepoint: { ops: Simple[]; end: 'release' | 'rollback' } | null;
  end: 'commit' | 'rollback';
  allAtOnce: boolean;
}

type Op = Simple | TransactionOp;

type ExternalWrite =
  | { kind: 'insertAccount'; owner: string; balance: number }
  | { kind: 'updateBalance'; accountId: number; delta: number }
  | { kind: 'addColumn' }
  | { kind: 'rebuildEntries' };

interface Step {
  ops: Op[];
  /** Issued in one go without awaiting each other (they queue in that order), else one by one. */
  allAtOnce: boolean;
  /** How the next step starts: in the same turn, or after it (the turn's shared read ended). */
  then: 'same-turn' | 'next-turn';
  /** Another connection's commit, made after the turn. */
  external: ExternalWrite | null;
}

const accountId = fc.integer({ min: 1, max: 5 });
const owner = fc.constantFrom('ana', 'ben', 'cy', 'dee');
const amount = fc.integer({ min: -50, max: 100 });
const kind = <K extends string>(name: K) => fc.constant(name);

const write: fc.Arbitrary<Write> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: kind('insertAccount'), owner, balance: amount }) },
  { weight: 2, arbitrary: fc.record({ kind: kind('insertAccountReturning'), owner, balance: amount }) },
  { weight: 2, arbitrary: fc.record({ kind: kind('upsertAccount'), owner, balance: amount }) },
  { weight: 5, arbitrary: fc.record({ kind: kind('insertEntry'), accountId, amount }) },
  { weight: 4, arbitrary: fc.record({ kind: kind('updateBalance'), accountId, delta: amount }) },
  { weight: 2, arbitrary: fc.record({ kind: kind('deleteEntries'), accountId }) },
  { weight: 2, arbitrary: fc.record({ kind: kind('deleteAccount'), accountId }) },
  { weight: 1, arbitrary: fc.record({ kind: kind('addColumn') }) },
  { weight: 1, arbitrary: fc.record({ kind: kind('rebuildEntries') }) },
);

const read: fc.Arbitrary<Read> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: kind('account'), id: accountId }) },
  { weight: 3, arbitrary: fc.record({ kind: kind('entriesOf'), accountId }) },
  { weight: 2, arbitrary: fc.record({ kind: kind('accountWithEntries'), id: accountId }) },
  { weight: 2, arbitrary: fc.record({ kind: kind('accounts') }) },
  { weight: 2, arbitrary: fc.record({ kind: kind('totals') }) },
  { weight: 1, arbitrary: fc.record({ kind: kind('summary') }) },
  { weight: 1, arbitrary: fc.record({ kind: kind('richest'), limit: fc.integer({ min: 1, max: 3 }) }) },
);

const simples = fc.array(fc.oneof(write, read), { minLength: 1, maxLength: 4 });
const transactionEnd = fc.constantFrom('commit' as const, 'rollback' as const);

const transaction: fc.Arbitrary<TransactionOp> = fc.oneof(
  fc.record({
    kind: kind('transaction'),
    style: kind('callback'),
    ops: simples,
    savepoint: fc.constant(null),
    end: transactionEnd,
    allAtOnce: fc.boolean(),
  }),
  fc.record({
    kind: kind('transaction'),
    style: kind('controlled'),
    ops: simples,
    savepoint: fc.option(
      fc.record({ ops: simples, end: fc.constantFrom('release' as const, 'rollback' as const) }),
      { nil: null },
    ),
    end: transactionEnd,
    allAtOnce: fc.boolean(),
  }),
);

const externalWrite: fc.Arbitrary<ExternalWrite> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: kind('insertAccount'), owner, balance: amount }) },
  { weight: 3, arbitrary: fc.record({ kind: kind('updateBalance'), accountId, delta: amount }) },
  { weight: 1, arbitrary: fc.record({ kind: kind('addColumn') }) },
  { weight: 1, arbitrary: fc.record({ kind: kind('rebuildEntries') }) },
);

const program: fc.Arbitrary<Step[]> = fc.array(
  fc.record({
    ops: fc.array(
      fc.oneof({ weight: 4, arbitrary: fc.oneof(write, read) }, { weight: 1, arbitrary: transaction }),
      {
        minLength: 1,
        maxLength: 6,
      },
    ),
    allAtOnce: fc.boolean(),
    then: fc.constantFrom('same-turn' as const, 'next-turn' as const),
    external: fc.option(externalWrite, { nil: null, freq: 4 }),
  }),
  { minLength: 1, maxLength: 5 },
);

/** Answers as plain data, comparable across the two drivers. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)));
}

function failure(error: unknown): unknown {
  const { code, message } = error as { code?: string; message?: string };
  return { error: code ?? message };
}

/** A table rebuilt with its columns in another order, as a SQLite migration does. */
function rebuildEntriesSql(columns: string[]): string[] {
  const definitions: Record<string, string> = {
    id: 'id integer primary key',
    account_id: 'account_id integer not null references accounts (id)',
    amount: 'amount integer not null',
    note: 'note text',
  };
  const reversed = [...columns].reverse().map((name) => definitions[name]);
  return [
    `create table entries_rebuilt (${reversed.join(', ')})`,
    `insert into entries_rebuilt (${columns.join(', ')}) select ${columns.join(', ')} from entries`,
    'drop table entries',
    'alter table entries_rebuilt rename to entries',
  ];
}

const columnName = (prefix: string, label: string) => `${prefix}_${label.replaceAll('.', '_')}`;

async function runWrite(db: Db, operation: Write, label: string): Promise<unknown> {
  switch (operation.kind) {
    case 'insertAccount':
      return await db
        .insertInto('accounts')
        .values({ owner: operation.owner, balance: operation.balance })
        .execute();
    case 'insertAccountReturning':
      return await db
        .insertInto('accounts')
        .values({ owner: operation.owner, balance: operation.balance })
        .returningAll()
        .execute();
    case 'upsertAccount':
      return await db
        .insertInto('accounts')
        .values({ owner: operation.owner, balance: operation.balance })
        .onConflict((conflict) =>
          conflict
            .column('owner')
            .doUpdateSet((eb) => ({ balance: eb('accounts.balance', '+', eb.ref('excluded.balance')) })),
        )
        .returning(['id', 'balance'])
        .execute();
    case 'insertEntry':
      return await db
        .insertInto('entries')
        .values({ account_id: operation.accountId, amount: operation.amount, note: label })
        .execute();
    case 'updateBalance':
      return await db
        .updateTable('accounts')
        .set((eb) => ({ balance: eb('balance', '+', operation.delta) }))
        .where('id', '=', operation.accountId)
        .execute();
    case 'deleteEntries':
      return await db.deleteFrom('entries').where('account_id', '=', operation.accountId).execute();
    case 'deleteAccount':
      return await db.deleteFrom('accounts').where('id', '=', operation.accountId).execute();
    case 'addColumn':
      await db.schema
        .alterTable('accounts')
        .addColumn(columnName('added', label), 'integer', (column) => column.defaultTo(label.length))
        .execute();
      return 'added';
    case 'rebuildEntries': {
      // One transaction, as a migration is: its queries one by one on their own would race
      // another operation issued in the same go, and which one comes back first is not fixed.
      const rebuild = async (trx: Db) => {
        const columns = await sql<{ name: string }>`select name from pragma_table_info('entries')`.execute(
          trx,
        );
        for (const statement of rebuildEntriesSql(columns.rows.map((row) => row.name)))
          await sql.raw(statement).execute(trx);
        return 'rebuilt';
      };
      return db.isTransaction ? await rebuild(db) : await db.transaction().execute(rebuild);
    }
  }
}

async function runRead(db: Db, operation: Read): Promise<unknown> {
  switch (operation.kind) {
    case 'account':
      return await accountById(db, operation.id);
    case 'entriesOf':
      return await entriesOfAccount(db, operation.accountId);
    case 'accountWithEntries':
      return await accountWithEntries(db, operation.id);
    case 'accounts':
      return await db.selectFrom('accounts').selectAll().orderBy('id').execute();
    case 'totals':
      return await db
        .selectFrom('accounts as a')
        .leftJoin('entries as e', 'e.account_id', 'a.id')
        .select((eb) => [
          'a.id',
          'a.owner',
          eb.fn.count<number>('e.id').as('entries'),
          eb.fn.coalesce(eb.fn.sum<number>('e.amount'), sql<number>`0`).as('total'),
        ])
        .groupBy(['a.id', 'a.owner'])
        .orderBy('total', 'desc')
        .orderBy('a.id')
        .execute();
    case 'summary':
      return await db
        .selectFrom('accounts')
        .select((eb) => [
          eb.fn.countAll<number>().as('accounts'),
          eb.fn.sum<number>('balance').as('balances'),
          eb.fn.max('balance').as('highest'),
          eb.fn.min('owner').as('first_owner'),
        ])
        .execute();
    case 'richest':
      return await db
        .selectFrom('accounts')
        .selectAll()
        .orderBy('balance', 'desc')
        .orderBy('id')
        .limit(operation.limit)
        .execute();
  }
}

const READS: ReadonlySet<string> = new Set<Read['kind']>([
  'account',
  'entriesOf',
  'accountWithEntries',
  'accounts',
  'totals',
  'summary',
  'richest',
]);

async function runSimple(db: Db, operation: Simple, label: string): Promise<unknown> {
  try {
    return plain(
      READS.has(operation.kind)
        ? await runRead(db, operation as Read)
        : await runWrite(db, operation as Write, label),
    );
  } catch (error) {
    return failure(error);
  }
}

/** Runs operations on a database or transaction, each answer recorded under its label. */
async function runSimples(
  db: Db,
  ops: Simple[],
  allAtOnce: boolean,
  label: string,
  answers: Map<string, unknown>,
): Promise<void> {
  const runOne = async (operation: Simple, i: number) =>
    answers.set(`${label}.${i}`, await runSimple(db, operation, `${label}.${i}`));
  if (allAtOnce) await Promise.all(ops.map(runOne));
  else for (const [i, operation] of ops.entries()) await runOne(operation, i);
}

class RollBack extends Error {}

async function runTransaction(
  db: Db,
  operation: TransactionOp,
  label: string,
  answers: Map<string, unknown>,
) {
  try {
    if (operation.style === 'callback') {
      await db.transaction().execute(async (trx) => {
        await runSimples(trx, operation.ops, operation.allAtOnce, label, answers);
        if (operation.end === 'rollback') throw new RollBack();
      });
    } else {
      const trx = await db.startTransaction().execute();
      await runSimples(trx, operation.ops, operation.allAtOnce, label, answers);
      if (operation.savepoint) {
        const saved = await trx.savepoint('saved').execute();
        await runSimples(saved, operation.savepoint.ops, operation.allAtOnce, `${label}.saved`, answers);
        if (operation.savepoint.end === 'release') await saved.releaseSavepoint('saved').execute();
        else await saved.rollbackToSavepoint('saved').execute();
      }
      if (operation.end === 'commit') await trx.commit().execute();
      else await trx.rollback().execute();
    }
    answers.set(label, operation.end === 'commit' ? 'committed' : 'rolled back');
  } catch (error) {
    answers.set(label, error instanceof RollBack ? 'rolled back' : failure(error));
  }
}

function runExternal(file: SQLite.Database, operation: ExternalWrite, label: string): unknown {
  try {
    switch (operation.kind) {
      case 'insertAccount':
        return plain(
          file
            .prepare('insert into accounts (owner, balance) values (?, ?)')
            .run(operation.owner, operation.balance),
        );
      case 'updateBalance':
        return plain(
          file
            .prepare('update accounts set balance = balance + ? where id = ?')
            .run(operation.delta, operation.accountId),
        );
      case 'addColumn':
        file.exec(`alter table accounts add column ${columnName('external', label)} text default 'x'`);
        return 'added';
      case 'rebuildEntries': {
        const columns = file
          .prepare(`select name from pragma_table_info('entries')`)
          .pluck()
          .all() as string[];
        file.transaction(() => {
          for (const statement of rebuildEntriesSql(columns)) file.exec(statement);
        })();
        return 'rebuilt';
      }
    }
  } catch (error) {
    return failure(error);
  }
}

/** Every answer of a program on one driver, what another connection saw, and the end state. */
async function runProgram(driver: SqliteDriver, steps: Step[]): Promise<Record<string, unknown>> {
  const { db, other, close } = await openDatabase(driver);
  const seen = () => ({
    accounts: other.prepare('select * from accounts order by id').all(),
    entries: other.prepare('select * from entries order by id').all(),
  });
  try {
    const answers = new Map<string, unknown>();
    for (const [s, step] of steps.entries()) {
      const runOne = async (operation: Op, i: number) => {
        const label = `${s}.${i}`;
        if (operation.kind === 'transaction') await runTransaction(db, operation, label, answers);
        else answers.set(label, await runSimple(db, operation, label));
      };
      if (step.allAtOnce) await Promise.all(step.ops.map(runOne));
      else for (const [i, operation] of step.ops.entries()) await runOne(operation, i);
      // Still in the step's turn: what we committed is in the file, not held in a read of ours.
      answers.set(`${s}.seen-by-other`, seen());
      if (step.then === 'next-turn' || step.external) await nextTurn();
      if (step.external) answers.set(`${s}.external`, runExternal(other, step.external, `${s}`));
    }
    answers.set('end', seen());
    return Object.fromEntries([...answers.entries()].sort(([a], [b]) => a.localeCompare(b)));
  } finally {
    await close();
  }
}

// ---- Tasks that race --------------------------------------------------------------------------

/** Shared accounts 1..3 hold this much together; each task has an account of its own after them. */
const SHARED_ACCOUNTS = 3;
const SHARED_TOTAL = 300;

type RaceOp =
  /** Moves money between shared accounts in a transaction, pausing between the two updates. */
  | {
      kind: 'transfer';
      from: number;
      to: number;
      amount: number;
      style: 'callback' | 'controlled';
      pause: 'none' | 'microtask' | 'turn';
      end: 'commit' | 'rollback';
    }
  /** Adds one to the task's own account, in a transaction or on its own, then reads it back. */
  | { kind: 'count'; inTransaction: boolean; end: 'commit' | 'rollback' }
  /** Reads the shared total: through preparedQuery, through Kysely, or inside a transaction. */
  | { kind: 'total'; how: 'prepared' | 'kysely' | 'transaction' };

const sharedAccount = fc.integer({ min: 1, max: SHARED_ACCOUNTS });
const raceOp: fc.Arbitrary<RaceOp> = fc.oneof(
  fc.record({
    kind: kind('transfer'),
    from: sharedAccount,
    to: sharedAccount,
    amount: fc.integer({ min: 1, max: 50 }),
    style: fc.constantFrom('callback' as const, 'controlled' as const),
    pause: fc.constantFrom('none' as const, 'microtask' as const, 'turn' as const),
    end: transactionEnd,
  }),
  fc.record({ kind: kind('count'), inTransaction: fc.boolean(), end: transactionEnd }),
  fc.record({
    kind: kind('total'),
    how: fc.constantFrom('prepared' as const, 'kysely' as const, 'transaction' as const),
  }),
);
const race = fc.array(fc.array(raceOp, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 4 });

const pauses = {
  none: async () => {},
  microtask: () => Promise.resolve(),
  turn: nextTurn,
};

/** Runs the tasks side by side; answers what each driver got wrong, and the end state. */
async function runRace(driver: SqliteDriver, tasks: RaceOp[][]) {
  const { db, other, close } = await openDatabase(driver);
  const broken: string[] = [];
  try {
    const owners = [
      ...Array.from({ length: SHARED_ACCOUNTS }, (_, i) => `shared ${i + 1}`),
      ...tasks.map((_, t) => `task ${t}`),
    ];
    await db
      .insertInto('accounts')
      .values(
        owners.map((name, i) => ({
          owner: name,
          balance: i < SHARED_ACCOUNTS ? SHARED_TOTAL / SHARED_ACCOUNTS : 0,
        })),
      )
      .execute();

    const total = async (operation: Extract<RaceOp, { kind: 'total' }>) => {
      if (operation.how === 'prepared') return (await balancesUpTo(db, SHARED_ACCOUNTS))[0]!.total;
      const read = (from: Db) =>
        from
          .selectFrom('accounts')
          .select((eb) => eb.fn.sum<number>('balance').as('total'))
          .where('id', '<=', SHARED_ACCOUNTS)
          .executeTakeFirstOrThrow();
      if (operation.how === 'kysely') return (await read(db)).total;
      return await db.transaction().execute(async (trx) => (await read(trx)).total);
    };

    const runTask = async (ops: RaceOp[], t: number) => {
      const ownAccount = SHARED_ACCOUNTS + t + 1;
      let counted = 0;
      for (const [i, operation] of ops.entries()) {
        const label = `task ${t} op ${i} (${operation.kind})`;
        if (operation.kind === 'transfer') {
          const move = async (trx: Db) => {
            const update = (id: number, delta: number) =>
              trx
                .updateTable('accounts')
                .set((eb) => ({ balance: eb('balance', '+', delta) }))
                .where('id', '=', id)
                .execute();
            await update(operation.from, -operation.amount);
            await pauses[operation.pause]();
            await update(operation.to, operation.amount);
          };
          if (operation.style === 'callback') {
            await db
              .transaction()
              .execute(async (trx) => {
                await move(trx);
                if (operation.end === 'rollback') throw new RollBack();
              })
              .catch((error: unknown) => {
                if (!(error instanceof RollBack)) throw error;
              });
          } else {
            const trx = await db.startTransaction().execute();
            await move(trx);
            await (operation.end === 'commit' ? trx.commit() : trx.rollback()).execute();
          }
        } else if (operation.kind === 'count') {
          const addOne = (to: Db) =>
            to
              .updateTable('accounts')
              .set((eb) => ({ balance: eb('balance', '+', 1) }))
              .where('id', '=', ownAccount)
              .execute();
          if (!operation.inTransaction) {
            // Not awaited before the read: issued in the same turn, the read must still see it.
            const added = addOne(db);
            counted += 1;
            const [row] = await accountById(db, ownAccount);
            await added;
            if (row?.balance !== counted)
              broken.push(`${label}: read ${row?.balance} after its own write, not ${counted}`);
          } else {
            await db
              .transaction()
              .execute(async (trx) => {
                await addOne(trx);
                if (operation.end === 'rollback') throw new RollBack();
              })
              .catch((error: unknown) => {
                if (!(error instanceof RollBack)) throw error;
              });
            if (operation.end === 'commit') counted += 1;
            const [row] = await accountById(db, ownAccount);
            if (row?.balance !== counted) broken.push(`${label}: read ${row?.balance}, not ${counted}`);
          }
        } else {
          const seen = await total(operation);
          if (seen !== SHARED_TOTAL) broken.push(`${label}: read a total of ${seen}, not ${SHARED_TOTAL}`);
        }
      }
    };
    await Promise.all(tasks.map(runTask));
    // Committed transfers add up to the same balances in any order; each task's count is its own.
    const end = other.prepare('select id, balance from accounts order by id').all();
    return { broken, end };
  } finally {
    await close();
  }
}

describe('our SQLite driver against Kysely’s', () => {
  it('answers every program of reads, writes, schema changes and transactions as Kysely’s does', async () => {
    await fc.assert(
      fc.asyncProperty(program, async (steps) => {
        const ours = await runProgram('fast', steps);
        const kysely = await runProgram('kysely', steps);
        expect(ours).toEqual(kysely);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('keeps racing tasks apart: no half transaction or rolled-back write seen, own writes seen at once', async () => {
    await fc.assert(
      fc.asyncProperty(race, async (tasks) => {
        const ours = await runRace('fast', tasks);
        const kysely = await runRace('kysely', tasks);
        expect(ours.broken).toEqual([]);
        expect(kysely.broken).toEqual([]);
        expect(ours.end).toEqual(kysely.end);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
