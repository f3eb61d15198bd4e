import { Defaults, routes } from '@kwarta/contract';
import { useApiQuery } from '../../../lib/use-api.ts';
import { callApi } from '../../../lib/borrower-api.ts';

/** Spec §7: contact-kf-info with the fixed parameter overall=30 (also declared in pageLoads). */
export function useContactInfo() {
  return useApiQuery(callApi, routes.contactKfInfo, { overall: Defaults.contactInfoOverall });
}
