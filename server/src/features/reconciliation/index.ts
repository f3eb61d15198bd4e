// Daily reconciliation of each payment provider against the journal's cash (decision 0099). Reads the
// payments and ledger features through their exports; owns no table.
export {
  dailyReconciliation,
  formatReconciliation,
  reconciliationCsvColumns,
  reconciliationCsvRows,
} from './daily-reconciliation.ts';
