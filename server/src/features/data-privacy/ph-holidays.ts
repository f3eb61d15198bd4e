/**
 * Philippine regular and special non-working holidays that fall on weekdays, as proclaimed for
 * 2026 and expected for 2027 (decision 0107): deadlines of data-subject requests skip them.
 * Data, not rules: each year's proclamation adds its dates here (check the Official Gazette;
 * the Eid holidays are proclaimed late and added then).
 */
export const philippineHolidays: ReadonlySet<string> = new Set([
  '2026-01-01',
  '2026-02-17',
  '2026-04-02',
  '2026-04-03',
  '2026-04-09',
  '2026-05-01',
  '2026-06-12',
  '2026-08-21',
  '2026-08-31',
  '2026-11-02',
  '2026-11-30',
  '2026-12-08',
  '2026-12-24',
  '2026-12-25',
  '2026-12-30',
  '2026-12-31',
  '2027-01-01',
  '2027-03-25',
  '2027-03-26',
  '2027-04-09',
  '2027-08-30',
  '2027-11-01',
  '2027-11-30',
  '2027-12-08',
  '2027-12-24',
  '2027-12-30',
  '2027-12-31',
]);
