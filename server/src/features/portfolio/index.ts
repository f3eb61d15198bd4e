// The portfolio report (decision 0099): disbursed, collected and at-risk figures by lender day, product and campaign.
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
