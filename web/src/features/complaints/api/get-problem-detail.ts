import { routes } from '@kwarta/contract';
import { useApiQuery } from '../../../lib/use-api.ts';
import { callApi } from '../../../lib/borrower-api.ts';

export function useProblemDetail(problemId: string) {
  return useApiQuery(callApi, routes.problemDetail, { problemId });
}
