import { routes } from '@kwarta/contract';
import { useApiQuery } from '../../../lib/use-api.ts';

export function useProblemDetail(problemId: string) {
  return useApiQuery(routes.problemDetail, { problemId });
}
