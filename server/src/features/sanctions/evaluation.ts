import type { ListedPerson } from './un-list.ts';
import { ScreeningIndex } from './screening.ts';

export interface LabelledCase {
  kind: string;
  name: string;
  dateOfBirth: string | null;
  /** The reference the name should match, or null when it must not match. */
  expected: string | null;
}

export interface Evaluation {
  threshold: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** The cases screened wrongly, to read. */
  misses: { case: LabelledCase; got: string[] }[];
}

/** Precision and recall of screening a labelled set at one threshold. */
export function evaluateScreening(
  list: readonly ListedPerson[],
  cases: readonly LabelledCase[],
  threshold: number,
): Evaluation {
  const index = new ScreeningIndex(list, threshold);
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const misses: Evaluation['misses'] = [];
  for (const labelled of cases) {
    const got = index.screen(labelled).map((hit) => hit.reference);
    const found = labelled.expected !== null && got.includes(labelled.expected);
    if (found) truePositives += 1;
    else if (labelled.expected !== null) falseNegatives += 1;
    const wrong = got.filter((reference) => reference !== labelled.expected).length;
    falsePositives += wrong;
    if (!found && labelled.expected !== null) misses.push({ case: labelled, got });
    else if (wrong > 0) misses.push({ case: labelled, got });
  }
  const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
  return {
    threshold,
    truePositives,
    falsePositives,
    falseNegatives,
    precision: ratio(truePositives, truePositives + falsePositives),
    recall: ratio(truePositives, truePositives + falseNegatives),
    misses,
  };
}
