// A year of plausible lending for development and sandbox (issue 24, `npm run seed:history`): made
// through every owner feature's own use cases under a simulated clock. The public module.
export {
  HISTORY_CAMPAIGNS,
  historyPhone,
  HistoryRefused,
  refuseUnlessHistoryMayStart,
  seedHistory,
  type HistoryDeps,
  type HistoryOptions,
  type HistorySummary,
} from './seed-history.ts';
