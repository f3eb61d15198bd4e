import { Defaults, routes } from '@kwarta/contract';
import { useApiQuery } from '../../../lib/use-api.ts';

/** Spec §7: contact-kf-info with the fixed parameter overall=30 (also declared in pageLoads). */
export function useContactInfo() {
  return useApiQuery(routes.contactKfInfo, { overall: Defaults.contactInfoOverall });
}
