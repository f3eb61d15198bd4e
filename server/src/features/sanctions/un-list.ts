import { XMLParser } from 'fast-xml-parser';

/**
 * One person on a sanctions list, in the shape the UN Security Council consolidated list uses
 * (`<INDIVIDUAL>` with FIRST_NAME…FOURTH_NAME, INDIVIDUAL_ALIAS and INDIVIDUAL_DATE_OF_BIRTH).
 * Local lists are written in the same XML, so one importer reads both (decision 0108).
 */
export interface ListedPerson {
  /** The list's own reference (REFERENCE_NUMBER, e.g. QDi.001). */
  reference: string;
  name: string;
  aliases: string[];
  /** YYYY-MM-DD, YYYY-MM or YYYY: lists often know only the year. */
  datesOfBirth: string[];
}

export class SanctionsListError extends Error {}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

function dateOfBirth(entry: Record<string, unknown>): string | null {
  const full = text(entry.DATE);
  if (/^\d{4}-\d{2}-\d{2}/.test(full)) return full.slice(0, 10);
  const year = text(entry.YEAR) || text(entry.FROM_YEAR);
  return /^\d{4}$/.test(year) ? year : null;
}

/** Reads the individuals of a UN-format list; entities (organisations) are not borrowers. */
export function parseUnList(xml: string): ListedPerson[] {
  let document: Record<string, unknown>;
  try {
    document = new XMLParser({ ignoreAttributes: true, parseTagValue: false }).parse(xml) as Record<
      string,
      unknown
    >;
  } catch (error) {
    throw new SanctionsListError(`not XML: ${(error as Error).message}`);
  }
  const root = document.CONSOLIDATED_LIST as Record<string, unknown> | undefined;
  if (!root || typeof root !== 'object')
    throw new SanctionsListError('no CONSOLIDATED_LIST element: not a UN-format list');
  const individuals = asArray(
    (root.INDIVIDUALS as Record<string, unknown> | undefined)?.INDIVIDUAL,
  ) as Record<string, unknown>[];
  return individuals.map((person, index) => {
    const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
      .map((key) => text(person[key]))
      .filter(Boolean)
      .join(' ');
    const reference = text(person.REFERENCE_NUMBER) || text(person.DATAID);
    if (name === '' || reference === '') {
      throw new SanctionsListError(`individual ${index + 1} has no name or reference number`);
    }
    return {
      reference,
      name,
      aliases: asArray(person.INDIVIDUAL_ALIAS as Record<string, unknown> | Record<string, unknown>[])
        .map((alias) => text(alias.ALIAS_NAME))
        .filter((alias) => alias !== ''),
      datesOfBirth: asArray(
        person.INDIVIDUAL_DATE_OF_BIRTH as Record<string, unknown> | Record<string, unknown>[],
      )
        .map(dateOfBirth)
        .filter((date): date is string => date !== null),
    };
  });
}
