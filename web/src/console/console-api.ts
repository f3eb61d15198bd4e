import {
  CSRF_HEADER,
  envelopeFromWire,
  isSuccessCode,
  messages,
  type EndpointData,
  type EndpointMap,
  type EndpointRequest,
  type EndpointRoute,
  type RouteName,
} from '@kwarta/contract';

// The console's own client: cookie session, the CSRF token on every write, no borrower session
// query and no bridge. Types come from the contract's endpoint schemas; only routes ship.
type EndpointOf<R> = R extends { name: infer N extends RouteName } ? EndpointMap[N] : never;
export type ConsoleRequest<R> = EndpointRequest<EndpointOf<R>>;
export type ConsoleData<R> = EndpointData<EndpointOf<R>>;

export interface ConsoleResult<T> {
  ok: boolean;
  status: number;
  message: string;
  data: T | null;
}

let csrfToken = '';
let onSignedOut: () => void = () => {};

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export async function consoleCall<R extends EndpointRoute>(
  route: R,
  params: ConsoleRequest<R> | Record<string, string | Blob | undefined> = {},
): Promise<ConsoleResult<ConsoleData<R>>> {
  const entries = Object.entries(params as Record<string, string | Blob | number | undefined>).filter(
    ([, value]) => value !== undefined && value !== '',
  );
  let url = route.path;
  const init: RequestInit = { method: route.method, credentials: 'same-origin', headers: {} };
  if (route.method === 'GET') {
    url += `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`;
  } else {
    (init.headers as Record<string, string>)[CSRF_HEADER] = csrfToken;
    if (route.encoding === 'multipart') {
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value instanceof Blob ? value : String(value));
      init.body = form;
    } else {
      init.body = new URLSearchParams(entries.map(([name, value]) => [name, String(value)]));
    }
  }
  try {
    const response = await fetch(url, init);
    const envelope = envelopeFromWire(await response.json());
    if (response.status === 401 && route.auth === 'operator') onSignedOut();
    const ok = response.ok && envelope !== null && isSuccessCode(envelope.code);
    return {
      ok,
      status: response.status,
      message: envelope?.message ?? messages.serverError,
      data: ok ? (envelope!.data as ConsoleData<R>) : null,
    };
  } catch {
    return { ok: false, status: 0, message: messages.unavailable, data: null };
  }
}
