// axe-core in the e2e suite: every screen and state a test reaches is checked for accessibility
// violations where the test stands, so a regression fails the test that shows it.
import { appendFile, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { PHONE } from './browser.ts';
import { screenshotDir } from './paths.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every check appends its state here, so a run can say how many pages and states it covered. */
export const axeLogFile = path.join(screenshotDir, 'axe-states.log');

/** One line per violated rule: rule, impact, what it asks, and the first elements that break it. */
function describeViolation(violation: Result): string {
  const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
  const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
  return `${violation.id} [${violation.impact ?? 'n/a'}] ${violation.help}: ${targets.join(', ')}${more}`;
}

/** axe-core's results for the page as it is now, injected with page.evaluate (see below). */
async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document): Promise<unknown> } }).axe.run(document),
  )) as AxeResults;
}

/**
 * A page opened with JavaScript off runs no evaluate at all (not even through DevTools), so axe
 * checks a copy: the same URL's HTML with every script element removed — the DOM a visitor
 * without JavaScript gets — served to a scripted phone page on the same origin, so styles and
 * images load as they do for the visitor.
 */
async function runAxeWithoutScripts(page: Page): Promise<AxeResults> {
  const url = page.url();
  const html = (await (await page.request.get(url)).text()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const browser = page.context().browser();
  if (!browser) throw new Error('e2e: the page has no browser to check a copy in');
  const context = await browser.newContext(PHONE);
  try {
    const copy = await context.newPage();
    await copy.route(url, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
    await copy.goto(url);
    return await runAxe(copy);
  } finally {
    await context.close();
  }
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices: axe's default rule set) on the page as it is
 * now and fails with one line per violated rule. `state` names the screen for the log.
 * Injected with page.evaluate, not a script tag, so the pages' Content-Security-Policy (which
 * refuses inline scripts) stays on. Pass javaScriptDisabled for a page opened with scripts off.
 */
export async function expectNoAxeViolations(
  page: Page,
  state: string,
  options: { javaScriptDisabled?: boolean } = {},
): Promise<void> {
  const results = options.javaScriptDisabled ? await runAxeWithoutScripts(page) : await runAxe(page);
  const lines = results.violations.map(describeViolation);
  await mkdir(screenshotDir, { recursive: true });
  await appendFile(axeLogFile, `${state}\t${new URL(page.url()).pathname}\t${lines.length}\n`);
  // Indented under their state, so a failed run's log lists what to fix.
  await appendFile(axeLogFile, lines.map((line) => `  ${line}\n`).join(''));
  if (lines.length > 0) {
    throw new Error(
      `axe: ${lines.length} violated rule(s) on ${state} (${page.url()}):\n${lines.join('\n')}`,
    );
  }
}
