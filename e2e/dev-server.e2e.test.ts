import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { consoleCalls } from '@kwarta/contract';
import { createOperator } from '../server/src/features/operators/operator-repository.ts';
import { hashPassword } from '../server/src/features/operators/password-hash.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { repoRoot } from './support/paths.ts';
import { openServerStore } from './support/server-store.ts';
import { freePort } from './support/test-server.ts';

// `npm run dev` as the README has it: the Vite dev server on a port of the command line, in front
// of the run's server (found by its PORT), answering the web app itself and forwarding every
// other path, so /testPreview renders and the console signs in.
const baseUrl = inject('baseUrl');
const browser = useBrowser();
const { db } = openServerStore();
const PASSWORD = 'e2e dev-server password';
const operator = `e2e-dev-${Date.now().toString(36)}`;
let dev: ChildProcess;
let devUrl: string;
let output = '';

beforeAll(async () => {
  await createOperator(db, {
    name: operator,
    role: 'admin',
    now: new Date(),
    passwordHash: await hashPassword(PASSWORD),
  });
  const port = await freePort();
  devUrl = `http://127.0.0.1:${port}`;
  dev = spawn('npm', ['run', 'dev', '--', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: new URL(baseUrl).port },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited ${dev.exitCode}: ${output}`);
    if (Date.now() > deadline) throw new Error(`npm run dev did not answer within 60 s: ${output}`);
    const status = await fetch(devUrl).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 90_000);

afterAll(async () => {
  if (dev?.pid !== undefined && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await exited;
  }
  await db.destroy();
});

describe('npm run dev -- --port N', () => {
  test('answers the pages from their entries and forwards every server path', async () => {
    const page = async (path: string) => (await fetch(`${devUrl}${path}`)).text();
    expect(await page('/testPreview')).toContain('/@vite/client');
    expect(await page('/console')).toContain('/src/console/');

    const session = await fetch(`${devUrl}/dev/demo-session`);
    expect(((await session.json()) as { sessionId?: string }).sessionId).toBeTruthy();
    const signedOut = await fetch(`${devUrl}${consoleCalls.consoleMe.path}`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('content-type')).toContain('application/json');
    const logo = await fetch(`${devUrl}/brand/logo`);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    // Paths no list names are the server's too (its 404 envelope, not the app's page).
    for (const path of ['/payments/no-such-callback', '/sandbox/no-such-page', '/openapi.json']) {
      const answer = await fetch(`${devUrl}${path}`);
      expect(answer.headers.get('content-type'), path).toContain('application/json');
    }
  });

  test('/testPreview renders with a live demo session and the console signs in', async () => {
    const phone = await browser.newPage();
    await phone.goto(`${devUrl}/testPreview`);
    await expect.poll(() => phone.getByLabel('Session id').inputValue(), { timeout: 20_000 }).not.toBe('');
    await screenshot(phone, 'dev-server-test-preview', { fullPage: false });
    expect(pageErrors(phone)).toEqual([]);

    const desk = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
    });
    await desk.goto(`${devUrl}/console`);
    await desk.getByLabel('Name').fill(operator);
    await desk.getByLabel('Password').fill(PASSWORD);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.getByRole('navigation', { name: 'Console' }).waitFor({ timeout: 20_000 });
    await screenshot(desk, 'dev-server-console', { fullPage: false });
    expect(pageErrors(desk)).toEqual([]);
  }, 60_000);
});
