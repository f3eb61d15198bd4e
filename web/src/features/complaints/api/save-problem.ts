import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';
import type { RequestOf } from '../../../lib/api-client.ts';

export type SaveProblemPayload = RequestOf<typeof routes.problemSave>;

/** Spec §7 problem-save; requestId makes a double tap or retry file the complaint once. */
export function saveProblem(payload: SaveProblemPayload) {
  return callApi(routes.problemSave, payload);
}
