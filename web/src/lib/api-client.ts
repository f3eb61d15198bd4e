import {
  Limits,
  REQUESTED_WITH_HEADER,
  dataFromWire,
  ResultCode,
  envelopeFromWire,
  isSuccessCode,
  messages,
  type EndpointData,
  type EndpointMap,
  type EndpointRequest,
  type EndpointRoute,
  type RouteName,
} from '@kwarta/contract';
import { currentSessionQuery } from './session-query.ts';
import { logoutToLogin } from './bridge.ts';
import { showLoading, showToast } from './toast-store.ts';

/** What every call resolves with (spec §7): it never rejects, so pages branch on `success`. */
export interface ApiResult<T> {
  success: boolean;
  code: string;
  message: string;
  data: T | null;
  raw: unknown;
}

export interface CallOptions {
  /** Shows a loading toast with this text until the answer arrives. */
  loadingText?: string;
  /** Pages that say nothing on failure (spec §8: repayment and confirm pages) pass true. */
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

type FieldValue = string | number | boolean | Blob | null | undefined;

function encode(params: object): URLSearchParams {
  const encoded = new URLSearchParams();
  for (const [name, value] of Object.entries(params as Record<string, FieldValue>)) {
    if (value !== undefined && value !== null) encoded.append(name, String(value));
  }
  return encoded;
}

/** Uploads (encoding 'multipart'): files as file parts, everything else as text fields. */
function encodeMultipart(params: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(params as Record<string, FieldValue>)) {
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'blob');
    else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  return form;
}

/**
 * Calls one endpoint of the contract: the common session query on every call, POST bodies
 * form-encoded and GET parameters in the query, a 60 s timeout and the XMLHttpRequest header.
 * On failure the server's message is toasted (unless silent); a dead session sends the borrower
 * back to the native login through the bridge.
 */
export async function callApi<R extends EndpointRoute>(
  endpoint: R,
  params: RequestOf<R>,
  options: CallOptions = {},
): Promise<ApiResult<DataOf<R>>> {
  const query = new URLSearchParams(currentSessionQuery());
  const body =
    endpoint.encoding === 'multipart' ? encodeMultipart(params as object) : encode(params as object);
  if (endpoint.method === 'GET' && body instanceof URLSearchParams)
    body.forEach((value, name) => query.append(name, value));

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Limits.requestTimeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort());
  const hideLoading = options.loadingText ? showLoading(options.loadingText) : undefined;

  try {
    const response = await fetch(`${endpoint.path}?${query}`, {
      method: endpoint.method,
      headers: {
        ...options.headers,
        [REQUESTED_WITH_HEADER.name]: REQUESTED_WITH_HEADER.value,
        Accept: 'application/json',
      },
      body: endpoint.method === 'POST' ? body : undefined,
      signal: controller.signal,
    });
    const raw: unknown = await response.json().catch(() => null);
    const envelope = envelopeFromWire(raw);
    if (!envelope) return fail(raw, ResultCode.serverError, messages.networkError, options);
    if (response.status === 401 || envelope.code === ResultCode.sessionInvalid) {
      logoutToLogin();
      return { success: false, code: envelope.code, message: envelope.message, data: null, raw };
    }
    if (!isSuccessCode(envelope.code)) return fail(raw, envelope.code, envelope.message, options);
    return {
      success: true,
      code: envelope.code,
      message: envelope.message,
      data: (endpoint.wireKeys ? dataFromWire(envelope.data, endpoint.wireKeys) : envelope.data) as DataOf<R>,
      raw,
    };
  } catch (error) {
    if (options.signal?.aborted)
      return { success: false, code: NETWORK_ERROR_CODE, message: '', data: null, raw: error };
    return fail(error, NETWORK_ERROR_CODE, messages.networkError, options);
  } finally {
    clearTimeout(timer);
    hideLoading?.();
  }
}

function fail<T>(raw: unknown, code: string, message: string, options: CallOptions): ApiResult<T> {
  if (!options.silent && message) showToast(message);
  return { success: false, code, message, data: null, raw };
}
