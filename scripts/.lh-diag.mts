import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startTestServer } from '/work/main/e2e/support/test-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/main/e2e/support/chromium.ts';
const server = await startTestServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
try {
  for (const route of process.argv.slice(2)) {
    const s = await (await fetch(`${server.baseUrl}/dev/demo-session`)).json();
    const url = `${server.baseUrl}${route.replace('{session}', new URLSearchParams(s).toString())}`;
    const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = r!.lhr.audits;
    console.log(route, Math.round(r!.lhr.categories.performance!.score! * 100), 'FCP', a['first-contentful-paint']!.displayValue, 'LCP', a['largest-contentful-paint']!.displayValue, 'TBT', a['total-blocking-time']!.displayValue);
    for (const t of ((a['long-tasks']?.details as any)?.items ?? [])) console.log('  long task', t.url?.replace(server.baseUrl, ''), Math.round(t.startTime), Math.round(t.duration));
    for (const t of ((a['bootup-time']?.details as any)?.items ?? []).slice(0, 5)) console.log('  bootup', t.url?.replace(server.baseUrl, '').slice(0, 60), Math.round(t.total), 'script', Math.round(t.scripting), 'parse', Math.round(t.scriptParseCompile));
  }
} finally { await chrome.kill(); await server.stop(); }
