import { useCallback, useEffect, useState } from 'react';
import { SUCCESS_CODE } from '@kwarta/contract';
import type { ApiResult } from './api-client.ts';

export type QueryState<T> =
  | { status: 'loading'; data: null; result: null }
  | { status: 'success'; data: T; result: ApiResult<T> }
  | { status: 'error'; data: null; result: ApiResult<T> };

/**
 * Runs a fetcher when the page mounts (and on reload), aborting it if the page goes away.
 * Small on purpose: pages load one or two things each, so a cache library would cost more
 * bytes than it saves.
 */
export function useApiQuery<T>(
  fetcher: (signal: AbortSignal) => Promise<ApiResult<T>>,
  /** Data the page already has (e.g. prefilled into its HTML): shown at once, not fetched until reload(). */
  initialData?: T | null,
): QueryState<T> & { reload: () => void } {
  const [state, setState] = useState<QueryState<T>>(() =>
    initialData == null
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
    if (attempt === 0 && initialData != null) return;
    const controller = new AbortController();
    fetcher(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.success && result.data !== null
          ? { status: 'success', data: result.data, result }
          : { status: 'error', data: null, result },
      );
    });
    return () => controller.abort();
    // The fetcher is a module-level function per endpoint; re-running is driven by reload().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  return { ...state, reload };
}
