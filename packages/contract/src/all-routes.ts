import { consoleAdminRoutes } from './console-admin-routes.ts';
import { consoleCollectionsRoutes } from './console-collections-routes.ts';
import { consoleCreditRoutes } from './console-credit-routes.ts';
import { consoleIdentityRoutes } from './console-identity-routes.ts';
import { consoleAmlRoutes } from './console-aml-routes.ts';
import { consoleBorrowerRoutes } from './console-borrower-routes.ts';
import { consoleExportRoutes } from './console-export-routes.ts';
import { consoleMoneyRoutes } from './console-money-routes.ts';
import { consoleRegulatoryRoutes } from './console-regulatory-routes.ts';
import { consoleReportRoutes } from './console-report-routes.ts';
import { consoleRoutes } from './console-routes.ts';
import { identityRoutes } from './identity-routes.ts';
import { consolePrivacyRoutes } from './console-privacy-routes.ts';
import { privacyRoutes } from './privacy-routes.ts';
import { newPlanRoutes } from './new-plan-routes.ts';
import { routes, type EndpointRoute } from './routes.ts';

/**
 * The operator console's calls (console-routes.ts, console-admin-routes.ts,
 * console-collections-routes.ts, console-export-routes.ts, console-report-routes.ts). Kept out of `routes`,
 * and in a module of their own, so the borrower pages, which import `routes`, never ship them to
 * phones: a module both web entries import lands in a chunk both load.
 */
export const consoleCalls = {
  ...consoleRoutes,
  ...consoleAdminRoutes,
  ...consoleCollectionsRoutes,
  ...consoleExportRoutes,
  ...consoleReportRoutes,
  ...consoleCreditRoutes,
  ...consolePrivacyRoutes,
  ...consoleMoneyRoutes,
  ...consoleRegulatoryRoutes,
  ...consoleIdentityRoutes,
  ...consoleAmlRoutes,
  ...consoleBorrowerRoutes,
} as const satisfies Record<string, EndpointRoute>;

/** Every call the server answers: the borrower and public API, and the console's. */
export const allRoutes = {
  ...routes,
  ...privacyRoutes,
  ...identityRoutes,
  ...newPlanRoutes,
  ...consoleCalls,
} as const;

export type RouteName = keyof typeof allRoutes;
