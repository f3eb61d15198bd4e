import { formatAmount } from '@kwarta/domain';
import { textTable as table } from '../../lib/text-table.ts';
import type { StatementLine, TrialBalance } from './ledger-reports.ts';

const amount = (minor: number) => (minor === 0 ? '' : formatAmount(minor));

/** The trial balance as the CLI prints it: each account on its side, then both totals. */
export function formatTrialBalance(balance: TrialBalance): string {
  const rows = balance.rows.map((row) => [row.code, row.name, amount(row.debit), amount(row.credit)]);
  rows.push(['', 'Total', formatAmount(balance.totalDebits), formatAmount(balance.totalCredits)]);
  const title = `Trial balance ${balance.date ? `as of ${balance.date}` : 'of every entry'}`;
  const verdict =
    balance.totalDebits === balance.totalCredits
      ? 'Debits equal credits.'
      : `OUT OF BALANCE by ${formatAmount(balance.totalDebits - balance.totalCredits)}.`;
  return `${title}\n\n${table(['Code', 'Account', 'Debit', 'Credit'], rows, 2)}\n\n${verdict}`;
}

/** A loan's statement: every line of its entries, with what it owes after each. */
export function formatStatement(orderId: number, lines: readonly StatementLine[]): string {
  if (lines.length === 0) return `Order ${orderId} has no journal entries.`;
  const rows = lines.map((line) => [
    line.entryDate,
    `#${line.entryId} ${line.kind}`,
    line.account,
    amount(line.debit),
    amount(line.credit),
    formatAmount(line.owed),
  ]);
  return `Statement of order ${orderId}\n\n${table(['Date', 'Entry', 'Account', 'Debit', 'Credit', 'Owed'], rows, 3)}`;
}
