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

describe('LenderWideCache serving stale while it refreshes', () => {
  it('answers the kept value past maxAge while one refresh runs, then the refreshed one', async () => {
    const cache = new LenderWideCache(40, { servesStaleForMs: 200 });
    let loads = 0;
    const slow = async () => {
      loads += 1;
      const mine = loads;
      await delay(30);
      return mine;
    };
    expect(await cache.read('k', slow)).toBe(1);
    await delay(50);
    // Stale: answered at once with 1, a single refresh started behind it.
    const [a, b] = await Promise.all([cache.read('k', slow), cache.read('k', slow)]);
    expect([a, b, loads]).toEqual([1, 1, 2]);
    await delay(40);
    expect(await cache.read('k', slow)).toBe(2);
  });

  it('waits for a load when the kept value is older than maxAge and the stale window', async () => {
    const cache = new LenderWideCache(20, { servesStaleForMs: 20 });
    const source = counter();
    expect(await cache.read('k', source.load)).toBe(1);
    await delay(60);
    expect(await cache.read('k', source.load)).toBe(2);
  });

  it('keeps serving the stale value when a refresh fails, and tries again on the next read', async () => {
    const cache = new LenderWideCache(20, { servesStaleForMs: 500 });
    expect(await cache.read('k', async () => 'first')).toBe('first');
    await delay(30);
    let tries = 0;
    const failing = async () => {
      tries += 1;
      throw new Error('database away');
    };
    expect(await cache.read('k', failing)).toBe('first');
    await delay(5);
    expect(await cache.read('k', failing)).toBe('first');
    await delay(5);
    expect(tries).toBe(2);
  });
});
