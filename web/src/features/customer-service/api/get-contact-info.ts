import { Defaults, routes } from '@kwarta/contract';
import { callApi } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/use-api.ts';

/** Spec §7: contact-kf-info with the fixed parameter overall=30. */
export function getContactInfo(signal?: AbortSignal) {
  return callApi(routes.contactKfInfo, { overall: Defaults.contactInfoOverall }, { signal });
}

export function useContactInfo() {
  return useApiQuery(getContactInfo);
}
