// The portfolio (decisions 0099, 0111): the summaries the money events keep, their one writer and
// rebuild, and the report's shape, text and CSV.
export {
  FIRST_PAYMENT_DEFAULT_DAYS,
  formatPortfolio,
  portfolioCsvColumns,
  portfolioCsvRows,
  type PortfolioFilter,
  type PortfolioQuery,
  type PortfolioReport,
  portfolioReport,
} from './portfolio-report.ts';
export {
  addPenaltyAccruals,
  recordOrderPortfolio,
  rebuildPortfolioSummaries,
  type PortfolioRebuild,
} from './portfolio-summary-writer.ts';
export {
  keptAgingByOldestDue,
  keptExpectedByDueDate,
  summarizedPortfolio,
  type AgingDay,
  type ExpectedDay,
  type SummarizedPortfolio,
  type SummarizedPortfolioQuery,
} from './portfolio-summaries.ts';
