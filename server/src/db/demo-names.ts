/**
 * Names for seeded borrowers (the demo's campaign sign-ups and seed:history's thousands), so the
 * console's lists read like a lender's and not like a column of blanks. Common Filipino given
 * names and surnames; the n-th borrower always gets the same one, so a re-seed tells the same story.
 */
const GIVEN = [
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
const SURNAMES = [
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
  const index = Math.abs(Math.trunc(n));
  return `${GIVEN[index % GIVEN.length]!} ${SURNAMES[Math.floor(index / GIVEN.length) % SURNAMES.length]!}`;
}
