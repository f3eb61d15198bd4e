// Portfolio (issue 24): what a lender reads of the book — at risk, flows, cohorts. Reads only.
export {
  FIRST_PAYMENT_DEFAULT_DAYS,
  portfolioReport,
  type PortfolioFilter,
  type PortfolioQuery,
  type PortfolioReport,
} from './portfolio-report.ts';
