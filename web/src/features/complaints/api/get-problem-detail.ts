import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/api-client.ts';

export function getProblemDetail(problemId: string, signal?: AbortSignal) {
  return callApi(routes.problemDetail, { problemId }, { signal });
}
