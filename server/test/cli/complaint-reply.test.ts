import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, createTestApp, type TestApp } from '../support/test-app.ts';
import { readmeCommand } from '../support/readme.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('npm run complaint:reply', () => {
  let t: TestApp;
  const reply = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/src/cli/complaint-reply.ts', ...args], {
      cwd: repoRoot,
      env: cliEnv(t),
    });
  const problem = (id: number) =>
    t.app.db.selectFrom('problems').select('reply_text').where('id', '=', id).executeTakeFirst();
  const replyImages = (id: number) =>
    t.app.db
      .selectFrom('problem_images')
      .select('id')
      .where('problem_id', '=', id)
      .where('role', '=', 'reply')
      .execute();

  // The demo seeded as `npm start` seeds it (the test app's sandbox seeds the demo).
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers a missing image file and an unknown complaint with one sentence, changing nothing', async () => {
    const missing = await reply(['--problem', '3', '--text', 'Done.', '--image', 'no-such-reply.jpg']).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(missing?.code).toBe(1);
    expect(missing?.stderr.trim()).toBe(
      `There is no file no-such-reply.jpg (looked for ${path.join(repoRoot, 'no-such-reply.jpg')}).`,
    );

    const unknown = await reply(['--problem', '999', '--text', 'Done.']).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(unknown?.code).toBe(1);
    expect(unknown?.stderr.trim()).toBe('There is no complaint 999.');
    expect((await problem(3))?.reply_text).toBeNull();
  }, 30_000);

  it("runs the README's example as written on the demo: its open complaint gets the text and the image", async () => {
    const args = readmeCommand('complaint:reply');
    const image = args[args.indexOf('--image') + 1]!;
    expect(fs.existsSync(path.join(repoRoot, image)), `${image} is in the repository`).toBe(true);
    const problemId = Number(args[args.indexOf('--problem') + 1]);
    expect((await problem(problemId))?.reply_text).toBeNull();

    const { stdout } = await reply(args);
    expect(stdout).toContain(`Replied to complaint ${problemId} with 1 image(s)`);
    expect((await problem(problemId))?.reply_text).toBe(args[args.indexOf('--text') + 1]);
    expect(await replyImages(problemId)).toHaveLength(1);
  }, 30_000);
});
