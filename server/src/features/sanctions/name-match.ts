/**
 * Name normalisation and fuzzy matching shared by the PhilID check and sanctions screening
 * (decision 0108). Names are compared as bags of words, so word order ("DELA CRUZ, JUAN") does
 * not matter; case, diacritics (Peña, Muñoz) and punctuation are dropped; each word pair is
 * scored with Jaro-Winkler, so a transliteration's one-letter differences (Mohamed, Mohammed)
 * still score high while different names do not.
 */

/** Words joined to the surname in Filipino and Spanish names ("dela Cruz", "de los Santos"). */
const particles = new Set([
  'de',
  'del',
  'dela',
  'la',
  'los',
  'las',
  'delos',
  'san',
  'sta',
  'santa',
  'al',
  'el',
  'bin',
  'bint',
  'ibn',
  'abu',
]);

export function nameWords(name: string): string[] {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  // A particle alone says little about identity: glue it to the word after ("dela cruz" → "delacruz").
  const glued: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    if (particles.has(word) && i + 1 < words.length) {
      words[i + 1] = word + words[i + 1]!;
      continue;
    }
    glued.push(word);
  }
  return glued;
}

/** The name's words sorted: equal for two spellings that differ only in order, case, accents. */
export function normaliseName(name: string): string {
  return nameWords(name).sort().join(' ');
}

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i += 1) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j += 1) {
      if (!bMatched[j] && a[i] === b[j]) {
        aMatched[i] = bMatched[j] = true;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let j = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j += 1;
    if (a[i] !== b[j]) transpositions += 1;
    j += 1;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && a[prefix] === b[prefix]) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Word pairs scoring below this count as different words, not as a weak match. */
const WORD_FLOOR = 0.8;

/**
 * 0..1: how alike two names are. Each word of the shorter name takes its best unused partner
 * in the longer; the sum is divided by the longer name's word count, so an extra word lowers
 * the score (a listed "Juan Dela Cruz Santos" vs a borrower "Juan Dela Cruz": 0.67).
 */
export function nameSimilarity(a: string | readonly string[], b: string | readonly string[]): number {
  const left = typeof a === 'string' ? nameWords(a) : [...a];
  const right = typeof b === 'string' ? nameWords(b) : [...b];
  if (left.length === 0 || right.length === 0) return 0;
  // Greedy pairing depends on which side leads: with as many words on both, try both ways so
  // the score is the same whichever name is given first.
  if (left.length === right.length) return Math.max(greedyScore(left, right), greedyScore(right, left));
  return left.length < right.length ? greedyScore(left, right) : greedyScore(right, left);
}

function greedyScore(short: readonly string[], long: readonly string[]): number {
  const used = new Array<boolean>(long.length).fill(false);
  let total = 0;
  for (const word of short) {
    let best = 0;
    let bestAt = -1;
    for (let j = 0; j < long.length; j += 1) {
      if (used[j]) continue;
      const score = jaroWinkler(word, long[j]!);
      if (score > best) [best, bestAt] = [score, j];
    }
    if (bestAt >= 0 && best >= WORD_FLOOR) {
      used[bestAt] = true;
      total += best;
    }
  }
  return total / long.length;
}
