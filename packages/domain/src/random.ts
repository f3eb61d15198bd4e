/** A number in [0, 1), like Math.random, but repeatable. */
export type Random = () => number;

/**
 * mulberry32: a small seeded generator, so a seeded history (`seed:history --seed N`) or a test's
 * "random" cases come out the same on every run, and a failure is reproduced from its seed.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
