import { ConsoleRoles, mayAct, type OperatorRole } from '@kwarta/contract';

/**
 * A CSV download of a list (decision 0099) for the roles that keep the books: a plain GET
 * form, so the browser downloads the streamed file itself, however large, with the console's
 * cookie. Empty dates mean no bound. Screens show it with their data, below it: shown before the
 * data came, it would be pushed down when it did (layout shift).
 */
export function CsvExport({
  role,
  path,
  what,
  dated = 'Created',
  asOf,
  fixed,
}: {
  role: OperatorRole;
  path: string;
  what: string;
  /** What the dates bound: when the records were created, or (the journal) the date they carry. */
  dated?: string;
  /** A report as of one day (the trial balance) rather than records in a range: that day first. */
  asOf?: string;
  /** A report of what the screen shows (a loan, the portfolio's filter): sent as it is, no dates. */
  fixed?: Record<string, string>;
}) {
  if (!mayAct(role, ConsoleRoles.exportData)) return null;
  const id = `export-${what.replaceAll(' ', '-')}`;
  return (
    <form className="filters export" method="get" action={path} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="export__title">
        Export {what} (CSV)
      </h2>
      {Object.entries(fixed ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fixed ? null : asOf === undefined ? (
        <>
          <label>
            {dated} from
            <input type="date" name="from" />
          </label>
          <label>
            to
            <input type="date" name="to" />
          </label>
        </>
      ) : (
        <label>
          As of
          <input type="date" name="date" key={asOf} defaultValue={asOf} />
        </label>
      )}
      <button type="submit">Download CSV</button>
    </form>
  );
}
