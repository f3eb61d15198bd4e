import { privacyRoutes as routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';
import type { RequestOf } from '../../../lib/api-client.ts';

/** Records that the borrower read the policy version they were shown (a stale one is refused). */
export function acknowledgePolicy(version: string) {
  return callApi(routes.privacyAcknowledge, { notice: 'policy', version, channel: 'app' });
}

export type PrivacyRequestInput = RequestOf<typeof routes.privacyRequest>;

/** A correction, erasure or block; a second one of a kind while one is open answers the open one. */
export function sendPrivacyRequest(input: PrivacyRequestInput) {
  return callApi(routes.privacyRequest, input);
}

/** The short-lived links to the borrower's copy (JSON and readable document). */
export function prepareExport() {
  return callApi(routes.privacyExportLink, {});
}
