import { afterEach, expect, test } from 'vitest';
import { readRuntimeEnv } from '../../src/lib/runtime-env.ts';

function setMeta(content: string | null) {
  document.head.querySelector('meta[name="kw-env"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'kw-env';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => setMeta(null));

test.each(['development', 'sandbox', 'production'] as const)('reads %s from the meta tag', (env) => {
  setMeta(env);
  expect(readRuntimeEnv()).toBe(env);
});

test('defaults to production without the tag', () => {
  expect(readRuntimeEnv()).toBe('production');
});

test('treats an unknown value as production', () => {
  setMeta('Development; DROP');
  expect(readRuntimeEnv()).toBe('production');
});

test('reads a document it is given (e.g. one parsed from server HTML)', () => {
  const doc = new DOMParser().parseFromString(
    '<html><head><meta name="kw-env" content="sandbox"></head></html>',
    'text/html',
  );
  expect(readRuntimeEnv(doc)).toBe('sandbox');
});

test('reads the market the server stamped, and falls back to the default market (PH)', async () => {
  const { readRuntimeMarket } = await import('../../src/lib/runtime-env.ts');
  const { markets } = await import('@kwarta/contract');
  const meta = document.createElement('meta');
  meta.name = 'kw-market';
  meta.content = 'spec';
  document.head.append(meta);
  expect(readRuntimeMarket()).toBe(markets.spec);
  meta.content = 'nowhere';
  expect(readRuntimeMarket()).toBe(markets.PH);
  meta.remove();
  expect(readRuntimeMarket()).toBe(markets.PH);
});

test("reads the lender's time zone the server stamped; UTC when missing or unknown", async () => {
  const { readRuntimeTimeZone } = await import('../../src/lib/runtime-env.ts');
  const parse = (head: string) =>
    new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');
  expect(readRuntimeTimeZone(parse('<meta name="kw-time-zone" content="Asia/Manila">'))).toBe('Asia/Manila');
  expect(readRuntimeTimeZone(parse(''))).toBe('UTC');
  expect(readRuntimeTimeZone(parse('<meta name="kw-time-zone" content="Mars/Olympus">'))).toBe('UTC');
});
