// Repayment pages' calls (spec §2 "Instalment repayment page", "Delay (extension) repayment page"; §7).
export { repaymentRoutes } from './repayment-routes.ts';
