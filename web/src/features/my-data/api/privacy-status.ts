import { privacyRoutes as routes } from '@kwarta/contract';
import { useApiQuery, type QueryOptions } from '../../../lib/use-api.ts';
import { callApi } from '../../../lib/borrower-api.ts';
import type { DataOf } from '../../../lib/api-client.ts';

export type PrivacyStatus = DataOf<typeof routes.privacyStatus>;
export type PrivacyRequestView = PrivacyStatus['requests'][number];

/** The policy's current version, whether it must be acknowledged, and the borrower's requests (pageLoads). */
export function usePrivacyStatus(options: QueryOptions<PrivacyStatus> = {}) {
  return useApiQuery(callApi, routes.privacyStatus, {}, options);
}
