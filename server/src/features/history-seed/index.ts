// A year of plausible lending for development and sandbox (`npm run seed:history`, decision 0099): made
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
