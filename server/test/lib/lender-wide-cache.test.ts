import { describe, expect, it } from 'vitest';
import { LenderWideCache } from '../../src/lib/lender-wide-cache.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function counter() {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
}

describe('LenderWideCache', () => {
  it('answers from memory within maxAge and reads again after it', async () => {
    const cache = new LenderWideCache(40);
    const source = counter();
    expect(await cache.read('k', source.load)).toBe(1);
    expect(await cache.read('k', source.load)).toBe(1);
    await delay(60);
    expect(await cache.read('k', source.load)).toBe(2);
  });

  it('keeps keys apart and shares one read between concurrent callers', async () => {
    const cache = new LenderWideCache(10_000);
    const source = counter();
    const [a, b] = await Promise.all([cache.read('a', source.load), cache.read('a', source.load)]);
    expect([a, b, source.loads()]).toEqual([1, 1, 1]);
    expect(await cache.read('b', source.load)).toBe(2);
  });

  it('drops expired entries when it makes one: keys never read again do not pile up', async () => {
    const cache = new LenderWideCache(40);
    const source = counter();
    for (const key of ['2026-11-24', '2026-11-25', '2026-11-26']) await cache.read(key, source.load);
    expect(cache.size).toBe(3);
    await delay(60);
    await cache.read('2026-11-27', source.load);
    expect(cache.size).toBe(1);
  });

  it('reads every time when maxAge is 0', async () => {
    const cache = new LenderWideCache(0);
    const source = counter();
    await cache.read('k', source.load);
    await cache.read('k', source.load);
    expect(source.loads()).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const cache = new LenderWideCache(10_000);
    await expect(cache.read('k', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cache.read('k', async () => 'back')).toBe('back');
  });
});
