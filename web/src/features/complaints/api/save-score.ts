import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';

/** Spec §7 save-score: score 1-5 for a problem; '00' is success. */
export function saveScore(problemId: number, score: number) {
  return callApi(routes.saveScore, { problemId, score });
}
