import { useCallback, useEffect, useState } from 'react';
import { SUCCESS_CODE, preloadKey, type EndpointRoute } from '@kwarta/contract';
import type { ApiCall, ApiResult, DataOf, RequestOf } from './api-client.ts';
import { usePreloaded } from './preloaded-data.ts';

export type QueryState<T> =
  | { status: 'loading'; data: null; result: null }
  | { status: 'success'; data: T; result: ApiResult<T> }
  | { status: 'error'; data: null; result: ApiResult<T> };

export type ApiQuery<T> = QueryState<T> & {
  /** The failed answer's message, '' otherwise: for screens that say it in place. */
  error: string;
  /** The answer for the current parameters is still awaited; the one shown, if any, is older. */
  fetching: boolean;
  /** Asks again with the same parameters. */
  reload: () => void;
};

export interface QueryOptions<T> {
  /** Say nothing on failure (see CallOptions.silent). */
  silent?: boolean;
  /** Data the page already has by other means (e.g. prefilled into its HTML). */
  initialData?: T | null;
  /** Extra request headers (see CallOptions.headers). */
  headers?: Record<string, string>;
}

/**
 * Calls an endpoint through `call` (the borrower pages' or the console's client) when the
 * component mounts, again when the parameters change and on reload(), aborting a call whose
 * answer is no longer wanted. While a newer answer is awaited the last one stays, so a list
 * keeps its rows while the next page loads. When the server rendered the page with this call's
 * result (same route and parameters), that result is the first answer and nothing is fetched
 * until reload(). Small on purpose: screens load one or two things each, so a cache library
 * would cost more bytes than it saves.
 */
export function useApiQuery<R extends EndpointRoute>(
  call: ApiCall,
  route: R,
  params: RequestOf<R>,
  options: QueryOptions<DataOf<R>> = {},
): ApiQuery<DataOf<R>> {
  type T = DataOf<R>;
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  // Names the answer wanted now; an answer remembers the name it was asked under.
  const wanted = `${route.name}?${JSON.stringify(params)}#${attempt}`;
  const preloaded = usePreloaded<T>(preloadKey(route, params as object));
  const [answer, setAnswer] = useState<{ result: ApiResult<T>; for: string } | null>(() => {
    const initialData = options.initialData ?? preloaded ?? null;
    if (initialData === null) return null;
    return {
      result: { success: true, code: SUCCESS_CODE, message: '', data: initialData, raw: null },
      for: wanted,
    };
  });
  const answered = answer?.for === wanted;

  useEffect(() => {
    if (answered) return;
    const controller = new AbortController();
    call(route, params, { signal: controller.signal, silent: options.silent, headers: options.headers }).then(
      (result) => {
        if (!controller.signal.aborted) setAnswer({ result, for: wanted });
      },
    );
    return () => controller.abort();
    // `wanted` names the route, the parameters and the attempt; the client and the options are
    // those the screen opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered, wanted]);

  const error = answer && !answer.result.success ? answer.result.message : '';
  const rest = { error, fetching: !answered, reload };
  if (answer === null) return { status: 'loading', data: null, result: null, ...rest };
  const { result } = answer;
  if (result.success && result.data !== null)
    return { status: 'success', data: result.data, result, ...rest };
  return { status: 'error', data: null, result, ...rest };
}
