import { parseArgs } from 'node:util';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { formatFunnel, funnelReport } from '../features/promotion/index.ts';
import { runCli } from './run-cli.ts';

const USAGE = `npm run report:funnel -- [--utm_tag TAG] [--app_from APP] [--user_from USER] [--from ISO] [--to ISO] [--json]

Prints the promotion funnel (visits → clicks → SMS sent → registrations) per utm_tag,
app_from and user_from, from the database the server uses (DATA_DIR or DATABASE_URL).`;

// The operator console will show the same report; until then this is how an operator reads it.
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      utm_tag: { type: 'string' },
      app_from: { type: 'string' },
      user_from: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return void console.log(USAGE);
  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const rows = await funnelReport(db, {
      utmTag: values.utm_tag,
      appFrom: values.app_from,
      userFrom: values.user_from,
      from: values.from,
      to: values.to,
    });
    if (values.json) console.log(JSON.stringify(rows, null, 2));
    else console.log(rows.length ? formatFunnel(rows) : 'No promotion activity for this filter.');
  } finally {
    await db.destroy();
  }
}

runCli(main, { usage: USAGE });
