import { Limits, ResultCode, messages } from '@kwarta/contract';
import { createApiClient } from './api-client.ts';
import { currentSessionQuery } from './session-query.ts';
import { logoutToLogin } from './bridge.ts';
import { showLoading, showToast } from './toast-store.ts';

/**
 * Calls one endpoint for a borrower page: the common session query on every call, a 60 s
 * timeout, the server's message toasted on failure (pages that say nothing, spec §8's repayment
 * and confirm pages, pass silent), and a dead session sends the borrower back to the native
 * login through the bridge.
 */
export const callApi = createApiClient({
  commonQuery: currentSessionQuery,
  timeoutMs: Limits.requestTimeoutMs,
  unavailableMessage: messages.networkError,
  isSignedOut: (status, code) => status === 401 || code === ResultCode.sessionInvalid,
  // The native login takes over; a toast would only flash on the way out.
  onSignedOut: logoutToLogin,
  // Blank messages toast nothing (showToast skips them).
  reportFailure: showToast,
  showLoading,
});
