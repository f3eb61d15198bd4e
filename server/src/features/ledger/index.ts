// The ledger (decision 0099): the one writer of journal_entries and journal_lines.
// Other features post their money events through postJournalEntry inside their own transaction.
export { postJournalEntries, postJournalEntry, type JournalPosting } from './post-journal-entry.ts';
export {
  accountBalancesNow,
  journalEntryCount,
  orderStatement,
  paymentCashBookings,
  receivablesByOrder,
  type PaymentCashBooking,
  trialBalance,
  statementCsvColumns,
  trialBalanceCsvColumns,
  trialBalanceCsvRows,
  type StatementLine,
  type TrialBalance,
  type TrialBalanceRow,
} from './ledger-reports.ts';
export { formatStatement, formatTrialBalance } from './ledger-text.ts';
export { journalExportColumns, journalExportRows } from './journal-export.ts';
