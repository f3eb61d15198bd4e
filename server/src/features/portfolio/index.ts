export {
  recordOrderPortfolio,
  rebuildPortfolioSummaries,
  type PortfolioRebuild,
} from './portfolio-summary-writer.ts';
export {
  summarizedPortfolio,
  type SummarizedPortfolio,
  type SummarizedPortfolioQuery,
} from './portfolio-summaries.ts';
