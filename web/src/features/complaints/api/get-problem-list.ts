import { routes } from '@kwarta/contract';
import { useApiQuery } from '../../../lib/use-api.ts';

export function useProblemList() {
  return useApiQuery(routes.problemList, {});
}
