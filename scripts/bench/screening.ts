/**
 * Re-screening everyone after a list import (decision 0108): 1,000,000 borrowers against a
 * 1,000-entry list through the screening index (word-prefix blocks), never every pair. Prints
 * the time to build the index, to screen everyone, the hits found and the peak memory.
 *
 *   npm run bench:screening [-- --borrowers N --listed N]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { FILIPINO_GIVEN_NAMES, FILIPINO_SURNAMES } from '../../server/src/db/demo-names.ts';
import { ScreeningIndex, type ListedPerson } from '../../server/src/features/sanctions/index.ts';

const { values } = parseArgs({
  options: { borrowers: { type: 'string', default: '1000000' }, listed: { type: 'string', default: '1000' } },
});
const borrowerCount = Number(values.borrowers);
const listedCount = Number(values.listed);

// Borrowers get common Filipino given names and surnames (the seeded borrowers'), so blocks are as
// crowded as real borrowers make them; the listed names are drawn from a wider, mixed pool.
const listedWords = [
  'Abdul',
  'Rahman',
  'Hassan',
  'Karim',
  'Omar',
  'Yusuf',
  'Ibrahim',
  'Khalid',
  'Salim',
  'Tariq',
  'Nasser',
  'Farouk',
  'Malik',
  'Haddad',
  'Janjalani',
  'Hapilon',
  'Marwan',
  'Zulkifli',
  'Usman',
  'Basit',
  'Santos',
  'Reyes',
  'Ramon',
  'Maria',
  'Viktor',
  'Petrov',
  'Ivanov',
  'Kim',
  'Jong',
  'Park',
];

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const date = () =>
  `${1950 + Math.floor(random() * 55)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;

const list: ListedPerson[] = Array.from({ length: listedCount }, (_, n) => ({
  reference: `BENCH.${n}`,
  name: `${pick(listedWords)} ${pick(listedWords)} ${pick(listedWords)}`,
  aliases: random() < 0.5 ? [`${pick(listedWords)} ${pick(listedWords)}`] : [],
  datesOfBirth: random() < 0.7 ? [date().slice(0, random() < 0.5 ? 4 : 10)] : [],
}));

let peakRss = process.memoryUsage().rss;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

const built = performance.now();
const index = new ScreeningIndex(list);
const buildMs = performance.now() - built;

const started = performance.now();
let hits = 0;
let held = 0;
for (let n = 0; n < borrowerCount; n += 1) {
  const found = index.screen({
    name: `${pick(FILIPINO_GIVEN_NAMES)} ${pick(FILIPINO_SURNAMES)} ${pick(FILIPINO_SURNAMES)}`,
    dateOfBirth: date(),
  });
  hits += found.length;
  if (found.length > 0) held += 1;
  if (n % 50_000 === 0) sample();
}
const screenMs = performance.now() - started;
sample();
const pairs = borrowerCount * listedCount;
console.log(
  `Screening bench: ${borrowerCount.toLocaleString('en')} borrowers against ${listedCount.toLocaleString('en')} listed (${list.reduce((sum, person) => sum + 1 + person.aliases.length, 0)} names with aliases)`,
);
console.log(`  index built in ${buildMs.toFixed(1)} ms`);
console.log(
  `  screened in ${(screenMs / 1000).toFixed(2)} s (${Math.round(borrowerCount / (screenMs / 1000)).toLocaleString('en')} borrowers/s; every pair would be ${pairs.toLocaleString('en')} comparisons)`,
);
console.log(
  `  ${held.toLocaleString('en')} borrowers with a possible match, ${hits.toLocaleString('en')} hits`,
);
console.log(
  `  peak memory (RSS) ${(peakRss / 1024 / 1024).toFixed(0)} MB; max resident set ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
