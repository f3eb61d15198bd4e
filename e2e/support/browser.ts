// Debian's Chromium driven by playwright-core, as a phone: one browser per test file, a fresh
// context (cookies, storage) per page, screenshots to <repo>/screenshots, and the native-bridge
// calls the page recorded.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { screenshotDir } from './paths.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

/** The app runs inside the native shell's Android WebView ("; wv)"), on a phone-sized screen. */
export const ANDROID_WEBVIEW_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Version/4.0 Chrome/156.0.0.0 Mobile Safari/537.36';

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: ANDROID_WEBVIEW_USER_AGENT,
};

/** Per-action and per-navigation limits, below the 30 s test timeout (e2e/vitest.config.ts). */
export const ACTION_TIMEOUT_MS = 10_000;
export const NAVIGATION_TIMEOUT_MS = 20_000;

export async function launchBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `e2e: could not start Chromium at ${CHROMIUM_PATH} (run \`bash scripts/ensure-chromium.sh\`): ${message}`,
    );
  }
}

export interface BrowserHandle {
  /** The file's browser; available inside tests and hooks that run after beforeAll. */
  readonly browser: Browser;
  /** A fresh phone context (own cookies and storage); closed when the file ends. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh phone context. Uncaught page errors are kept; read them with pageErrors(page). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

const errorsByPage = new WeakMap<Page, string[]>();

/**
 * Registers beforeAll/afterAll hooks that launch one Chromium for the calling test file and
 * close it (with every context opened through the handle) when the file is done.
 */
export function useBrowser(): BrowserHandle {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    await browser?.close();
    browser = undefined;
  });

  const handle: BrowserHandle = {
    get browser(): Browser {
      if (!browser) throw new Error('e2e: the browser is not running (use it inside tests or hooks)');
      return browser;
    },
    async newContext(options = {}) {
      const context = await handle.browser.newContext({ ...PHONE, ...options });
      // Shorter than the 30 s test timeout, so a stuck wait fails with Playwright's own message
      // (what it waited for) instead of a bare "Test timed out".
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
      contexts.push(context);
      return context;
    },
    async newPage(options = {}) {
      const context = await handle.newContext(options);
      const page = await context.newPage();
      const errors: string[] = [];
      errorsByPage.set(page, errors);
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    },
  };
  return handle;
}

/** Uncaught exceptions thrown in a page made by BrowserHandle.newPage (empty for other pages). */
export function pageErrors(page: Page): readonly string[] {
  return errorsByPage.get(page) ?? [];
}

/**
 * Saves a PNG of the page to <repo>/screenshots/<name>.png (full page by default) and returns its
 * path. Look at it: a test that passes on a broken-looking screen is still a broken screen.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const safe = name
    .replace(/\.png$/i, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!safe) throw new Error(`e2e: screenshot name ${JSON.stringify(name)} has no usable characters`);
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${safe}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return file;
}

/** One native-bridge call, as recorded by the web app in development and sandbox. */
export interface BridgeCall {
  action: string;
  payload: unknown;
  at: number | string;
}

/** The native-bridge calls the page has recorded so far (window.__kwartaBridgeCalls). */
export async function bridgeCalls(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => {
    const calls = (window as unknown as { __kwartaBridgeCalls?: unknown }).__kwartaBridgeCalls;
    return Array.isArray(calls) ? (structuredClone(calls) as BridgeCall[]) : [];
  });
}

/** Waits until the page has recorded a bridge call with this action, and returns the last one. */
export async function waitForBridgeCall(page: Page, action: string, timeout = 10_000): Promise<BridgeCall> {
  await page.waitForFunction(
    (wanted) => {
      const calls = (window as unknown as { __kwartaBridgeCalls?: unknown }).__kwartaBridgeCalls;
      return Array.isArray(calls) && calls.some((call: { action?: unknown }) => call.action === wanted);
    },
    action,
    { timeout },
  );
  const calls = (await bridgeCalls(page)).filter((call) => call.action === action);
  const last = calls.at(-1);
  if (!last) throw new Error(`e2e: bridge call ${action} vanished`);
  return last;
}

/**
 * Waits until the page is live: hydrated, its effects run (app.tsx marks `html[data-live]`).
 * Server-rendered pages paint well before that (decision 0044), so a test that taps, sends a
 * bridge signal or expects a dialog waits for this first, as a person would wait for the page.
 */
export async function waitForLive(page: Page): Promise<void> {
  await page.waitForSelector('html[data-live]', { state: 'attached' });
}

/** Opens a page and waits until it is live. */
export async function openLive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForLive(page);
}
