import { nameSimilarity, nameWords } from './name-match.ts';
import type { ListedPerson } from './un-list.ts';

/** A borrower as screening sees them. */
export interface ScreenedPerson {
  name: string;
  /** YYYY-MM-DD, or null when not known yet. */
  dateOfBirth: string | null;
}

export interface ScreeningHit {
  reference: string;
  listedName: string;
  /** The listed name or alias that scored best. */
  matchedName: string;
  score: number;
  /** Whether a listed date of birth agrees (null: the list or the borrower gives none). */
  dateOfBirthAgrees: boolean | null;
}

/**
 * The similarity from which a name is a possible match (SANCTIONS_MATCH_THRESHOLD). 0.94 is the
 * middle of the window (0.93-0.96) where the labelled set (`npm run sanctions -- evaluate`) keeps full recall
 * with no common Filipino name flagged; decision 0108.
 */
export const DEFAULT_MATCH_THRESHOLD = 0.94;

/** The first three letters of a word: near spellings (Mohamed, Mohammed) share it. */
const blockKey = (word: string): string => word.slice(0, 3);

interface IndexedName {
  person: ListedPerson;
  name: string;
  words: string[];
}

/**
 * Screening against a list through an index of its names' word prefixes, so a borrower is
 * scored only against the listed names sharing a word block with theirs, never every pair.
 * A name's score needs its words to agree, so a name sharing no block cannot reach a threshold
 * worth flagging (word similarity below 0.8 counts as nothing, and words agreeing that well
 * almost always share their first letters; Jaro-Winkler rewards a common prefix).
 */
export class ScreeningIndex {
  private readonly blocks = new Map<string, IndexedName[]>();

  constructor(
    list: readonly ListedPerson[],
    private readonly threshold = DEFAULT_MATCH_THRESHOLD,
  ) {
    for (const person of list) {
      for (const name of [person.name, ...person.aliases]) {
        const indexed = { person, name, words: nameWords(name) };
        for (const key of new Set(indexed.words.map(blockKey))) {
          const block = this.blocks.get(key);
          if (block) block.push(indexed);
          else this.blocks.set(key, [indexed]);
        }
      }
    }
  }

  /** The listed people this person may be, best first; empty when clear. */
  screen(subject: ScreenedPerson): ScreeningHit[] {
    const words = nameWords(subject.name);
    // A candidate must share the blocks of two words (one for a one-word name): at the
    // threshold every word has to agree closely, so two agreeing words almost always share
    // their first letters, and a single common word ("Maria") no longer drags in half the list.
    const shared = new Map<IndexedName, number>();
    for (const key of new Set(words.map(blockKey))) {
      for (const named of this.blocks.get(key) ?? []) shared.set(named, (shared.get(named) ?? 0) + 1);
    }
    const candidates: IndexedName[] = [];
    for (const [named, count] of shared) {
      if (count >= Math.min(2, words.length, named.words.length)) candidates.push(named);
    }
    const best = new Map<string, ScreeningHit>();
    for (const candidate of candidates) {
      const score = nameSimilarity(words, candidate.words);
      if (score < this.threshold) continue;
      const agrees = dateAgreement(subject.dateOfBirth, candidate.person.datesOfBirth);
      // A different birth date on both sides says it is another person.
      if (agrees === false) continue;
      const previous = best.get(candidate.person.reference);
      if (!previous || previous.score < score) {
        best.set(candidate.person.reference, {
          reference: candidate.person.reference,
          listedName: candidate.person.name,
          matchedName: candidate.name,
          score: Math.round(score * 1000) / 1000,
          dateOfBirthAgrees: agrees,
        });
      }
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }
}

/** Lists give full dates, months or years: a listed date agrees when it is a prefix of the borrower's. */
export function dateAgreement(dateOfBirth: string | null, listed: readonly string[]): boolean | null {
  if (!dateOfBirth || listed.length === 0) return null;
  return listed.some((date) => dateOfBirth.startsWith(date));
}
