import { parseArgs } from 'node:util';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createBlobStorage } from '../lib/create-blob-storage.ts';
import { ImageRefused } from '../lib/image-intake.ts';
import { systemClock } from '../lib/clock.ts';
import { ReplyRefused, refusalMessages } from '../features/complaints/index.ts';
import { replyComplaintAudited } from '../features/console/index.ts';
import { OPERATOR_USAGE, cliActor, operatorOption } from './cli-actor.ts';
import { readInputFile, runCli } from './run-cli.ts';

const USAGE = `Records a service agent's reply to a complaint (the console's inbox does the same).

  npm run complaint:reply -- --problem <id> --text "..." [--image file.jpg ...] [--operator <name>]

The reply and its images show as "Process Result" on the complaint's detail page, and the
borrower is asked to rate the service. The reply is written to the operator audit as the
console writes it, the operator (or the command line) its agent. ${OPERATOR_USAGE}
Uses the same DATA_DIR / DATABASE_URL as the server.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      problem: { type: 'string' },
      text: { type: 'string', default: '' },
      image: { type: 'string', multiple: true, default: [] },
      ...operatorOption,
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const problemId = Number(values.problem);
  if (!values.problem || !Number.isSafeInteger(problemId) || problemId <= 0) {
    console.error(`--problem must be a complaint id.\n\n${USAGE}`);
    return 2;
  }
  const images = await Promise.all(values.image.map(readInputFile));

  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const actor = await cliActor(db, values.operator);
    await replyComplaintAudited({ db, clock: systemClock, storage: createBlobStorage(config) }, actor, {
      problemId,
      text: values.text,
      images,
    });
    console.log(
      `Replied to complaint ${problemId} with ${images.length} image(s); the borrower will be asked to rate the service.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ReplyRefused) console.error(error.message);
    else if (error instanceof ImageRefused)
      console.error(`An image was refused: ${refusalMessages[error.reason]}`);
    else throw error;
    return 1;
  } finally {
    await db.destroy();
  }
}

runCli(main);
