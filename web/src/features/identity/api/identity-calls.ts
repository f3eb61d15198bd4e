import { identityRoutes, privacyRoutes } from '@kwarta/contract';
import type { RequestOf } from '../../../lib/api-client.ts';
import { callApi } from '../../../lib/borrower-api.ts';
import { useApiQuery } from '../../../lib/use-api.ts';

/** Where the borrower's identity stands and what they entered last (preloaded with the page). */
export function useIdentityStatus() {
  return useApiQuery(callApi, identityRoutes.identityStatus, {});
}

/** One photo through the image intake; on failure the server's message is toasted. */
export function uploadIdentityImage(file: File) {
  return callApi(identityRoutes.identityImage, { image: file });
}

export function submitIdentity(input: RequestOf<typeof identityRoutes.identitySubmit>) {
  return callApi(identityRoutes.identitySubmit, input);
}

/** Records that the borrower read the camera notice; the picker opens whatever the answer. */
export function acknowledgeCameraNotice() {
  return callApi(
    privacyRoutes.privacyJustInTimeNotice,
    { notice: 'identity-camera', channel: 'app' },
    { silent: true },
  );
}
