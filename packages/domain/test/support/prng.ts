import { mulberry32 } from '../../src/random.ts';

/** The seeded generator the tests draw their cases from. */
export const seededRandom = mulberry32;

/** Integer in [min, max], both inclusive. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Independent reference for half-up rounding of a non-negative ratio: floor((2x + d) / 2d). */
export function referenceHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}
