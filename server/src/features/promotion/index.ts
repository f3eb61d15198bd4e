// Promotion sign-up funnel (spec §2 "Promotion register landing page"): the public module.
export { promotionRoutes } from './promotion-routes.ts';
export { findChannelTemplate, recordPromotionEvent, registerBorrower } from './promotion-repository.ts';
export { prefillLandingHtml } from './landing-html.ts';
export {
  campaignBorrowerIds,
  formatFunnel,
  funnelReport,
  type FunnelFilter,
  type FunnelRow,
} from './funnel-report.ts';
export { listTemplates, saveTemplate, type TemplateEdit, type TemplateView } from './template-admin.ts';
