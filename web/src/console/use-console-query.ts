import { useCallback, useEffect, useState } from 'react';
import type { EndpointRoute } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain/money';
import { readRuntimeMarket } from '../lib/runtime-env.ts';
import { consoleCall, type ConsoleData, type ConsoleRequest } from './console-api.ts';

/** Loads a console read and reloads it when `key` (its parameters) changes or on `reload()`. */
export function useConsoleQuery<R extends EndpointRoute>(
  route: R,
  params: ConsoleRequest<R> | Record<string, string>,
) {
  const key = JSON.stringify(params);
  const [round, setRound] = useState(0);
  const wanted = `${key}#${round}`;
  // What answered for which parameters: loading is "the answer is for other parameters".
  const [state, setState] = useState<{ data: ConsoleData<R> | null; error: string; for: string }>({
    data: null,
    error: '',
    for: '',
  });
  useEffect(() => {
    let live = true;
    consoleCall(route, JSON.parse(key) as Record<string, string>).then((result) => {
      if (live)
        setState({ data: result.data, error: result.ok ? '' : result.message, for: `${key}#${round}` });
    });
    return () => {
      live = false;
    };
  }, [route, key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.for !== wanted, reload };
}

const market = readRuntimeMarket();
export const money = (minor: number) => formatMoney(minor, market.money);
export const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);
