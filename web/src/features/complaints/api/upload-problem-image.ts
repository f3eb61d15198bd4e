import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';

/** Spec §7 upload-problem-img: one image per call; on failure the server's message is toasted. */
export function uploadProblemImage(file: File) {
  return callApi(routes.uploadProblemImg, { problemImage: file });
}
