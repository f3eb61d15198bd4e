import { useCallback, useEffect, useState } from 'react';
import { SUCCESS_CODE, preloadKey, type EndpointRoute } from '@kwarta/contract';
import type { ApiResult, DataOf, RequestOf } from './api-client.ts';
import { callApi } from './borrower-api.ts';
import { usePreloaded } from './preloaded-data.ts';

export type QueryState<T> =
  | { status: 'loading'; data: null; result: null }
  | { status: 'success'; data: T; result: ApiResult<T> }
  | { status: 'error'; data: null; result: ApiResult<T> };

export interface QueryOptions<T> {
  /** Say nothing on failure (see CallOptions.silent). */
  silent?: boolean;
  /** Data the page already has by other means (e.g. prefilled into its HTML). */
  initialData?: T | null;
  /** Extra request headers (see CallOptions.headers). */
  headers?: Record<string, string>;
}

/**
 * Calls an endpoint when the page mounts (and on reload), aborting it if the page goes away.
 * When the server rendered the page with this call's result (same route and parameters), that
 * result is the first state and nothing is fetched until reload(). Small on purpose: pages load
 * one or two things each, so a cache library would cost more bytes than it saves.
 */
export function useApiQuery<R extends EndpointRoute>(
  route: R,
  params: RequestOf<R>,
  options: QueryOptions<DataOf<R>> = {},
): QueryState<DataOf<R>> & { reload: () => void } {
  type T = DataOf<R>;
  const preloaded = usePreloaded<T>(preloadKey(route, params as object));
  const initialData = options.initialData ?? preloaded ?? null;
  const [state, setState] = useState<QueryState<T>>(() =>
    initialData === null
      ? { status: 'loading', data: null, result: null }
      : {
          status: 'success',
          data: initialData,
          result: { success: true, code: SUCCESS_CODE, message: '', data: initialData, raw: null },
        },
  );
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  useEffect(() => {
    if (attempt === 0 && initialData !== null) return;
    const controller = new AbortController();
    callApi(route, params, {
      signal: controller.signal,
      silent: options.silent,
      headers: options.headers,
    }).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.success && result.data !== null
          ? { status: 'success', data: result.data, result }
          : { status: 'error', data: null, result },
      );
    });
    return () => controller.abort();
    // Route and parameters are those the page opened with; re-running is driven by reload().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  return { ...state, reload };
}
