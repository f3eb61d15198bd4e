import type { OutputFormat } from '../../lib/output-format.ts';
import { textTable as table } from '../../lib/text-table.ts';
import type { StatementLine, TrialBalance } from './ledger-reports.ts';

/** A side of a line: blank when nothing is on it, so the other side stands out. */
const side = (format: OutputFormat, minor: number) => (minor === 0 ? '' : format.money(minor));

/** The trial balance as the CLI prints it: each account on its side, then both totals. */
export function formatTrialBalance(balance: TrialBalance, format: OutputFormat): string {
  const rows = balance.rows.map((row) => [
    row.code,
    row.name,
    side(format, row.debit),
    side(format, row.credit),
  ]);
  rows.push(['', 'Total', format.money(balance.totalDebits), format.money(balance.totalCredits)]);
  const title = `Trial balance ${balance.date ? `as of ${balance.date}` : 'of every entry'}`;
  const verdict =
    balance.totalDebits === balance.totalCredits
      ? 'Debits equal credits.'
      : `OUT OF BALANCE by ${format.money(balance.totalDebits - balance.totalCredits)}.`;
  return `${title}\n\n${table(['Code', 'Account', 'Debit', 'Credit'], rows, 2)}\n\n${verdict}`;
}

/** A loan's statement: every line of its entries, with what it owes after each. */
export function formatStatement(
  orderId: number,
  lines: readonly StatementLine[],
  format: OutputFormat,
): string {
  if (lines.length === 0) return `Order ${orderId} has no journal entries.`;
  const rows = lines.map((line) => [
    line.entryDate,
    `#${line.entryId} ${line.kind}`,
    line.account,
    side(format, line.debit),
    side(format, line.credit),
    format.money(line.owed),
  ]);
  return `Statement of order ${orderId}\n\n${table(['Date', 'Entry', 'Account', 'Debit', 'Credit', 'Owed'], rows, 3)}`;
}
