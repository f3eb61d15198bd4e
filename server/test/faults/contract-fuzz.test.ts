import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { endpoints, sessionQuerySchema, type Endpoint } from '@kwarta/contract';
import { demoSession } from '../support/api.ts';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';
import { rowCounts } from '../support/faults.ts';
import { PROBLEM_IMAGE_PATH } from '../../src/features/complaints/complaint-rules.ts';

/**
 * Decision 0040 (DESIGN §3): bad input must get a 4xx and change nothing, on PostgreSQL as on SQLite.
 * Generated from the contract, so an endpoint added later is fuzzed without touching this file:
 * every field of every request schema (and of the session query) gets NUL bytes, a 1 MB string,
 * numbers beyond PostgreSQL's integer, wrong JSON types and repeated fields, with the other
 * fields set to values their schemas accept (so the bad one is what reaches the handler).
 */
const MEGABYTE = 'x'.repeat(1024 * 1024);
const BAD_TEXT = ['a\u0000b', '\u0000', '1\u0000', MEGABYTE];
const OUT_OF_RANGE = ['2147483648', '-2147483649', '999999999999999', '99999999999999999999'];
const WRONG_JSON: unknown[] = [{ a: 1 }, [1, 2], true, 2147483648, 1.5];
// Values a field schema may accept, tried in order to build a request the handler gets to see.
const CANDIDATES = ['13800138000', '1', '30', '0', 'ABCD', '123456', 'abcdefghijklmnop', 'ios', 'text'];

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

function acceptableValues(shape: Record<string, z.ZodType>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(shape)) {
    const value = CANDIDATES.find((candidate) => field.safeParse(candidate).success);
    if (value !== undefined) values[name] = value;
  }
  // A field that must repeat another (register's userName is the phone) takes its value.
  if ('userName' in shape && values.phone) values.userName = values.phone;
  return values;
}

const isNumeric = (field: z.ZodType) => field.safeParse('1').success && !field.safeParse('text').success;

interface Case {
  label: string;
  request: InjectOptions;
}

/** Every malformed request for one endpoint, each changing one field from acceptable input. */
function casesFor(endpoint: Endpoint, session: Record<string, string>): Case[] {
  const shape = shapeOf(endpoint.request);
  const base = acceptableValues(shape);
  const isGet = endpoint.method === 'GET';
  const form = (fields: Record<string, string | string[]>, query: Record<string, string | string[]>) => {
    const encode = (values: Record<string, string | string[]>) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(values))
        for (const item of [value].flat()) params.append(key, item);
      return params.toString();
    };
    return isGet
      ? { method: endpoint.method, url: `${endpoint.path}?${encode({ ...query, ...fields })}` }
      : {
          method: endpoint.method,
          url: `${endpoint.path}?${encode(query)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: encode(fields),
        };
  };
  const json = (fields: Record<string, unknown>) => ({
    method: endpoint.method,
    url: `${endpoint.path}?${new URLSearchParams(session)}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(fields),
  });

  const cases: Case[] = [];
  for (const [name, field] of Object.entries(shape)) {
    const bad = [...BAD_TEXT, ...(isNumeric(field) ? OUT_OF_RANGE : [])];
    for (const value of bad) {
      cases.push({
        label: `${name}=${value.slice(0, 24)}`,
        request: form({ ...base, [name]: value }, session),
      });
    }
    cases.push({ label: `${name} repeated`, request: form({ ...base, [name]: ['1', '2'] }, session) });
    if (!isGet) {
      for (const value of WRONG_JSON) {
        cases.push({
          label: `${name} as JSON ${JSON.stringify(value)}`,
          request: json({ ...base, [name]: value }),
        });
      }
    }
  }
  for (const name of Object.keys(sessionQuerySchema.shape)) {
    for (const value of BAD_TEXT) {
      cases.push({
        label: `session ${name}=${value.slice(0, 24)}`,
        request: form(base, { ...session, [name]: value }),
      });
    }
  }
  return cases.map((entry) => ({ ...entry, label: `${endpoint.name}: ${entry.label}` }));
}

describe.each(databaseTargets)('every endpoint of the contract against malformed input on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    // Parsing hundreds of 1 MB strings lags the event loop; load shedding is not under test here.
    t = await createTestApp(target, { env: { MARKET: 'spec', MAX_EVENT_LOOP_DELAY_MS: '60000' } });
  });
  afterAll(() => t.close());

  it('answers 4xx, never 500, and stores nothing', { timeout: 120_000 }, async () => {
    const session = await demoSession(t.app);
    const before = await rowCounts(t.app);
    const failures: string[] = [];
    let count = 0;
    for (const endpoint of Object.values(endpoints)) {
      const query = endpoint.auth === 'borrower' ? session : {};
      for (const { label, request } of casesFor(endpoint, query)) {
        const response = await t.app.inject(request);
        count += 1;
        if (response.statusCode < 400 || response.statusCode >= 500) {
          failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(500);
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('answers the image and developer routes outside the contract with 4xx for NUL bytes', async () => {
    const session = new URLSearchParams(await demoSession(t.app));
    const before = await rowCounts(t.app);
    for (const url of [
      `${PROBLEM_IMAGE_PATH}/a%00b?${session}`,
      `/dev/sms-outbox?phone=1%00`,
      `/dev/captcha?sid=abc%00def`,
      `/promotion?id=1%00`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect(await rowCounts(t.app)).toEqual(before);
  });
});
