import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ResultCode, envelopeFromWire, messages } from '@kwarta/contract';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps a few requests in flight against an app until stopped and records every answer, so a
 * fault test can say what callers saw while a backend was broken and when service came back.
 */
export interface Answer {
  startedAt: number;
  /** How long the answer took. */
  ms: number;
  status: number;
  /** A 503 in the shape callers handle: the unavailable envelope with Retry-After. */
  cleanUnavailable: boolean;
}

export function startLoad(
  app: FastifyInstance,
  request: () => InjectOptions,
  workers = 6,
): { answers: Answer[]; stop(): Promise<void> } {
  const answers: Answer[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const startedAt = Date.now();
      const response = await app.inject(request());
      let cleanUnavailable = false;
      if (response.statusCode === 503) {
        const envelope = envelopeFromWire(response.json());
        cleanUnavailable =
          envelope?.code === ResultCode.unavailable &&
          envelope.message === messages.unavailable &&
          Number(response.headers['retry-after']) > 0;
      }
      answers.push({ startedAt, ms: Date.now() - startedAt, status: response.statusCode, cleanUnavailable });
      // Paced: a fast-failing backend must not turn the loop into millions of answers.
      await sleep(5);
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    answers,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Answers to requests started in [from, to). */
export const startedBetween = (answers: Answer[], from: number, to: number) =>
  answers.filter((answer) => answer.startedAt >= from && answer.startedAt < to);

/** A backend fault from the moment it was caused to the moment it was over. */
export interface Fault {
  from: number;
  to: number;
}

/**
 * What callers must see across faults: nothing but successes and clean 503s, and from
 * `recoveryMs` after each fault's end (until the next one began) successes only.
 */
export function expectCleanRecovery(
  answers: Answer[],
  faults: Fault[],
  end: number,
  recoveryMs: number,
): void {
  expect(answers.filter((answer) => answer.status !== 200 && !answer.cleanUnavailable)).toEqual([]);
  expect(answers.some((answer) => answer.status === 503)).toBe(true);
  faults.forEach((fault, index) => {
    const after = startedBetween(answers, fault.to + recoveryMs, faults[index + 1]?.from ?? end);
    expect(after.length).toBeGreaterThan(0);
    expect(
      after.filter((answer) => answer.status !== 200),
      `fault ${index + 1}`,
    ).toEqual([]);
  });
}
