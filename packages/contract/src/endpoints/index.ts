import type { RouteName } from '../all-routes.ts';
import type { Endpoint } from '../endpoint.ts';
import { bankBindingEndpoints } from './bank-binding.ts';
import { complaintEndpoints } from './complaints.ts';
import { consoleAdminEndpoints } from './console-admin.ts';
import { consoleCollectionsEndpoints } from './console-collections.ts';
import { consoleCreditEndpoints } from './console-credit.ts';
import { consoleExportEndpoints } from './console-exports.ts';
import { consoleMoneyEndpoints } from './console-money.ts';
import { consoleRegulatoryEndpoints } from './console-regulatory.ts';
import { consoleReportEndpoints } from './console-reports.ts';
import { consoleEndpoints } from './console.ts';
import { legacyRepaymentEndpoints } from './legacy-repayment.ts';
import { loanConfirmEndpoints } from './loan-confirm.ts';
import { orderEndpoints } from './orders.ts';
import { promotionEndpoints } from './promotion.ts';
import { identityEndpoints } from './identity.ts';
import { consoleIdentityEndpoints } from './console-identity.ts';
import { consoleAmlEndpoints } from './console-aml.ts';
import { consoleBorrowerEndpoints } from './console-borrowers.ts';
import { consolePrivacyEndpoints, privacyEndpoints } from './privacy.ts';
import { repaymentEndpoints } from './repayment.ts';
import { serviceEndpoints } from './service.ts';
import { newPlanEndpoints } from './new-plan.ts';

/** Every call of the API by route name; a route without schemas here fails to compile. */
export const endpoints = {
  ...serviceEndpoints,
  ...bankBindingEndpoints,
  ...legacyRepaymentEndpoints,
  ...complaintEndpoints,
  ...repaymentEndpoints,
  ...orderEndpoints,
  ...loanConfirmEndpoints,
  ...promotionEndpoints,
  ...consoleEndpoints,
  ...consoleAdminEndpoints,
  ...consoleCollectionsEndpoints,
  ...consoleExportEndpoints,
  ...consoleReportEndpoints,
  ...consoleCreditEndpoints,
  ...privacyEndpoints,
  ...identityEndpoints,
  ...consoleIdentityEndpoints,
  ...consoleAmlEndpoints,
  ...consoleBorrowerEndpoints,
  ...consolePrivacyEndpoints,
  ...consoleMoneyEndpoints,
  ...consoleRegulatoryEndpoints,
  ...newPlanEndpoints,
} as const satisfies Record<RouteName, Endpoint>;

export type EndpointMap = typeof endpoints;

export { recommendedProductWire } from './orders.ts';
export { legacyBankCard } from './legacy-repayment.ts';
export { channelTemplateConfig, type ChannelTemplateConfig } from './promotion.ts';
