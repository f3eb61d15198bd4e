// Migration of what exists into the ledger (decision 0099): books orders from before the ledger from
// their history and proves the journal equals today's balances. Reads orders and payments
// through their read models and writes only through the ledger's posting.
export {
  checkLedger,
  emptyRebuildReport,
  PRE_LEDGER_PROVIDER,
  rebuildLedger,
  rebuildOrderLedger,
  type LedgerDifference,
  type RebuildDeps,
  type RebuildReport,
} from './rebuild-ledger.ts';
