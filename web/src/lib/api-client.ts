import {
  REQUESTED_WITH_HEADER,
  ResultCode,
  dataFromWire,
  envelopeFromWire,
  isSuccessCode,
  type EndpointData,
  type EndpointMap,
  type EndpointRequest,
  type EndpointRoute,
  type RouteName,
} from '@kwarta/contract';

/** What every call resolves with (spec §7): it never rejects, so callers branch on `success`. */
export interface ApiResult<T> {
  success: boolean;
  code: string;
  message: string;
  data: T | null;
  raw: unknown;
}

export interface CallOptions {
  /** Shows a loading indicator with this text until the answer arrives (a client with showLoading). */
  loadingText?: string;
  /** Say nothing on failure (the client's reportFailure is skipped). */
  silent?: boolean;
  /** Aborts the call, e.g. when the page goes away. */
  signal?: AbortSignal;
  /** Extra request headers (the order page passes its building/gather/swift/eyes query on). */
  headers?: Record<string, string>;
}

export const NETWORK_ERROR_CODE = 'network';

// Types come from the endpoint schemas; at run time only the zod-free route is used.
type EndpointOf<R> = R extends { name: infer N extends RouteName } ? EndpointMap[N] : never;
export type RequestOf<R> = EndpointRequest<EndpointOf<R>>;
export type DataOf<R> = EndpointData<EndpointOf<R>>;

/** One endpoint of the contract called with its parameters: what createApiClient returns. */
export type ApiCall = <R extends EndpointRoute>(
  route: R,
  params: RequestOf<R>,
  options?: CallOptions,
) => Promise<ApiResult<DataOf<R>>>;

/** What sets one caller's client apart: the borrower pages' and the console's. */
export interface ApiClientConfig {
  /** Query parameters every call carries besides its own (the borrower's session query, D1). */
  commonQuery?: () => Record<string, string>;
  /** Headers a call carries besides the standard ones (the console's CSRF token on writes). */
  headersFor?: (route: EndpointRoute) => Record<string, string>;
  /** Leave out empty texts: a console form sends '' for a field left blank, meaning "none". */
  omitEmptyText?: boolean;
  /** Give up on a call after this many milliseconds. */
  timeoutMs?: number;
  /** What a failure says when the server's own message is missing (no answer, or not an envelope). */
  unavailableMessage: string;
  /** Whether an answer means the caller's session is over. */
  isSignedOut: (status: number, code: string, route: EndpointRoute) => boolean;
  /** Called when a session is over, instead of reporting the failure. */
  onSignedOut: () => void;
  /** Tells the user of a failed call that is not silent. */
  reportFailure?: (message: string) => void;
  /** Shows a call's loadingText; returns what hides it. */
  showLoading?: (text: string) => () => void;
}

type FieldValue = string | number | boolean | Blob | null | undefined;

type Field = [name: string, value: Exclude<FieldValue, null | undefined>];

/** The parameters to send: absent ones (undefined, null) left out, blank ones too if the client says so. */
function presentFields(params: object, omitEmptyText: boolean): Field[] {
  return Object.entries(params as Record<string, FieldValue>).filter((field): field is Field => {
    const value = field[1];
    return value !== undefined && value !== null && !(omitEmptyText && value === '');
  });
}

/** Uploads (encoding 'multipart'): files as file parts, everything else as text fields. */
function multipartBody(fields: Field[]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'blob');
    else form.append(name, String(value));
  }
  return form;
}

/**
 * A client for the contract's endpoints: POST bodies form-encoded (or multipart for uploads),
 * GET parameters in the query, the XMLHttpRequest header on every call, the JSON envelope read
 * back (wire keys renamed to the canonical ones). A refusal is reported unless the call is
 * silent; an ended session goes to `onSignedOut` instead.
 */
export function createApiClient(config: ApiClientConfig): ApiCall {
  function fail<T>(raw: unknown, code: string, message: string, options: CallOptions): ApiResult<T> {
    if (!options.silent) config.reportFailure?.(message);
    return { success: false, code, message, data: null, raw };
  }

  return async function call<R extends EndpointRoute>(
    route: R,
    params: RequestOf<R>,
    options: CallOptions = {},
  ): Promise<ApiResult<DataOf<R>>> {
    const fields = presentFields(params as object, config.omitEmptyText ?? false);
    const query = new URLSearchParams(config.commonQuery?.());
    let body: URLSearchParams | FormData | undefined;
    if (route.method === 'GET') for (const [name, value] of fields) query.append(name, String(value));
    else if (route.encoding === 'multipart') body = multipartBody(fields);
    else body = new URLSearchParams(fields.map(([name, value]) => [name, String(value)]));
    const search = query.toString();

    const controller = new AbortController();
    const timer =
      config.timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(), config.timeoutMs);
    options.signal?.addEventListener('abort', () => controller.abort());
    const hideLoading = options.loadingText ? config.showLoading?.(options.loadingText) : undefined;

    try {
      const response = await fetch(search ? `${route.path}?${search}` : route.path, {
        method: route.method,
        headers: {
          ...options.headers,
          ...config.headersFor?.(route),
          [REQUESTED_WITH_HEADER.name]: REQUESTED_WITH_HEADER.value,
          Accept: 'application/json',
        },
        body,
        signal: controller.signal,
      });
      const raw: unknown = await response.json().catch(() => null);
      const envelope = envelopeFromWire(raw);
      if (!envelope) return fail(raw, ResultCode.serverError, config.unavailableMessage, options);
      if (config.isSignedOut(response.status, envelope.code, route)) {
        config.onSignedOut();
        return { success: false, code: envelope.code, message: envelope.message, data: null, raw };
      }
      if (!isSuccessCode(envelope.code)) return fail(raw, envelope.code, envelope.message, options);
      return {
        success: true,
        code: envelope.code,
        message: envelope.message,
        data: (route.wireKeys ? dataFromWire(envelope.data, route.wireKeys) : envelope.data) as DataOf<R>,
        raw,
      };
    } catch (error) {
      // The caller went away: nothing to tell anyone.
      if (options.signal?.aborted)
        return { success: false, code: NETWORK_ERROR_CODE, message: '', data: null, raw: error };
      return fail(error, NETWORK_ERROR_CODE, config.unavailableMessage, options);
    } finally {
      clearTimeout(timer);
      hideLoading?.();
    }
  };
}
