import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');

// Each plant breaks one boundary of eslint.config.js; the copy is linted as `npm run lint` does.
const plants: Record<string, { file: string; source: string; expect: RegExp }> = {
  'packages import server': {
    file: 'packages/contract/src/planted-server-import.ts',
    source: "export { loadConfig } from '../../../server/src/config.ts';\n",
    expect: /planted-server-import\.ts[\s\S]*?packages\/ never import server or web/,
  },
  'server lib imports a feature': {
    file: 'server/src/lib/planted-feature-import.ts',
    source: "export { orderStatusText } from '../features/orders/index.ts';\n",
    expect: /planted-feature-import\.ts[\s\S]*?they never import features/,
  },
  'a feature reaches into another': {
    file: 'server/src/features/complaints/planted-deep-import.ts',
    source: "export { listOrderCards } from '../orders/order-cards.ts';\n",
    expect: /planted-deep-import\.ts[\s\S]*?only through its public module/,
  },
  'a use case imports ApiError': {
    file: 'server/src/features/orders/planted-api-error.ts',
    source:
      "import { ApiError } from '../../lib/api-error.ts';\nexport const refuse = () => ApiError.notFound();\n",
    expect: /planted-api-error\.ts[\s\S]*?ApiError belongs to the HTTP edge/,
  },
  'server lib imports a feature type': {
    file: 'server/src/lib/planted-feature-type.ts',
    source:
      "import type { SmsGateway } from '../features/sms/index.ts';\nexport type Planted = SmsGateway;\n",
    expect: /planted-feature-type\.ts[\s\S]*?they never import features/,
  },
  'server db imports lib': {
    file: 'server/src/db/planted-lib-import.ts',
    source: "export { systemClock } from '../lib/clock.ts';\n",
    expect: /planted-lib-import\.ts[\s\S]*?db\/ is the bottom layer/,
  },
  'web lib imports components': {
    file: 'web/src/lib/planted-component-import.ts',
    source: "export { ToastHost } from '../components/toast.tsx';\n",
    expect: /planted-component-import\.ts[\s\S]*?web lib\/ is the bottom layer/,
  },
  'a web feature imports another': {
    file: 'web/src/features/bank-binding/planted-feature-import.tsx',
    source: "export { ComplaintListPage } from '../complaints/complaint-list-page.tsx';\n",
    expect: /planted-feature-import\.tsx[\s\S]*?No cross-feature imports/,
  },
  'a web feature file one folder down imports another feature': {
    file: 'web/src/features/repayment/api/planted-feature-import.ts',
    source: "export { ComplaintListPage } from '../../complaints/complaint-list-page.tsx';\n",
    expect: /api\/planted-feature-import\.ts[\s\S]*?No cross-feature imports/,
  },
  'a feature reads a table it does not own': {
    file: 'server/src/features/complaints/planted-table-owner.ts',
    source:
      "import type { Kysely } from 'kysely';\nimport type { Database } from '../../db/schema.ts';\n" +
      "export const planted = (db: Kysely<Database>) => db.selectFrom('orders').selectAll().execute();\n",
    expect: /planted-table-owner\.ts[\s\S]*?Table 'orders' belongs to server\/src\/features\/orders\//,
  },
  // Built from parts so that this file does not cite what it plants.
  'a comment cites a tracker issue': {
    file: 'server/src/lib/planted-issue-comment.ts',
    source: `// Fixed for ${'iss'}ue 12.\nexport const planted = 1;\n`,
    expect: /planted-issue-comment\.ts:1: .*cite a tracker issue/s,
  },
  'a usage text cites a tracker issue': {
    file: 'server/src/cli/planted-issue-usage.ts',
    source: `export const USAGE = 'Reports (${'Iss'}ues #7 and 8)';\n`,
    expect: /planted-issue-usage\.ts:1: /,
  },
  'a doc cites a tracker issue': {
    file: 'docs/planted-issue-doc.md',
    source: `# Planted\n\nAs ${'iss'}ue 3 asked.\n`,
    expect: /docs\/planted-issue-doc\.md:3: /,
  },
  'an import cycle': {
    file: 'server/src/lib/planted-cycle-a.ts',
    source: "import { b } from './planted-cycle-b.ts';\nexport const a = () => b;\n",
    expect: /Import cycle: .*planted-cycle-(a|b)\.ts/,
  },
};

describe('lint boundaries', () => {
  let copy: string;
  let output = '';
  let exitCode = 0;

  beforeAll(async () => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'kwarta-lint-'));
    const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repo,
      maxBuffer: 16 * 1024 * 1024,
    });
    for (const file of stdout.split('\0').filter(Boolean)) {
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      cpSync(path.join(repo, file), path.join(copy, file));
    }
    symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
    for (const plant of Object.values(plants)) writeFileSync(path.join(copy, plant.file), plant.source);
    writeFileSync(
      path.join(copy, 'server/src/lib/planted-cycle-b.ts'),
      "import { a } from './planted-cycle-a.ts';\nexport const b = () => a;\n",
    );
    try {
      await run('npm', ['run', 'lint', '--silent'], { cwd: copy, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; code?: number };
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
      exitCode = failed.code ?? 1;
    }
  }, 180_000);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('fails npm run lint', () => {
    expect(exitCode).not.toBe(0);
  });

  it.each(Object.keys(plants))('reports the plant: %s', (name) => {
    expect(output).toMatch(plants[name]!.expect);
  });
});
