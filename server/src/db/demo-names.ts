/**
 * Names for seeded borrowers (the demo's campaign sign-ups and seed:history's thousands), so the
 * console's lists read like a lender's and not like a column of blanks. Common Filipino given
 * names and surnames; the n-th borrower always gets the same one, so a re-seed tells the same story.
 * The lists are exported for benchmarks that need names as crowded as real borrowers' (bench:screening).
 */
export const FILIPINO_GIVEN_NAMES: readonly string[] = [
  'Maria',
  'Jose',
  'Ana',
  'Juan',
  'Rosa',
  'Mark',
  'Grace',
  'John Paul',
  'Kristine',
  'Ramon',
  'Liza',
  'Paolo',
  'Joy',
  'Rodel',
  'Carmela',
  'Jericho',
  'Angelica',
  'Noel',
  'Marites',
  'Bong',
  'Cristina',
  'Jomar',
  'Lorna',
  'Arnel',
  'Princess',
  'Dennis',
  'Rowena',
  'Ryan',
  'Mylene',
  'Edgar',
];
export const FILIPINO_SURNAMES: readonly string[] = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Torres',
  'Tomas',
  'Andrada',
  'Castillo',
  'Flores',
  'Villanueva',
  'Ramos',
  'Castro',
  'Rivera',
  'Aquino',
  'Navarro',
  'Salazar',
  'Mercado',
  'Aguilar',
  'Domingo',
  'Gonzales',
  'Lopez',
  'Pascual',
  'Dela Cruz',
  'Soriano',
  'Manalo',
  'Valdez',
  'Marquez',
  'Dizon',
];

/** The n-th seeded borrower's name (n from 0): 930 different names before the first comes again. */
export function demoBorrowerName(n: number): string {
  const { given, surname } = demoBorrowerNameParts(n);
  return `${given} ${surname}`;
}

/** demoBorrowerName's given name and surname apart, as an ID states them. */
export function demoBorrowerNameParts(n: number): { given: string; surname: string } {
  const index = Math.abs(Math.trunc(n));
  return {
    given: FILIPINO_GIVEN_NAMES[index % FILIPINO_GIVEN_NAMES.length]!,
    surname: FILIPINO_SURNAMES[Math.floor(index / FILIPINO_GIVEN_NAMES.length) % FILIPINO_SURNAMES.length]!,
  };
}
