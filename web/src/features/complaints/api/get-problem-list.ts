import { routes } from '@kwarta/contract';
import { useApiQuery } from '../../../lib/use-api.ts';
import { callApi } from '../../../lib/borrower-api.ts';

export function useProblemList() {
  return useApiQuery(callApi, routes.problemList, {});
}
