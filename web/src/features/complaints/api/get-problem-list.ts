import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/use-api.ts';

export function getProblemList(signal?: AbortSignal) {
  return callApi(routes.problemList, {}, { signal });
}

export function useProblemList() {
  return useApiQuery(getProblemList);
}
