/**
 * The native shell's JavaScript bridge (DESIGN D7). docs/bridge.md is the protocol as native
 * developers read it; keep the two in step.
 */

import { sessionQueryFields } from '@kwarta/contract/session';
import { webRoutes } from '@kwarta/contract/web-routes';

/** Name under which the Android shell injects its interface (`addJavascriptInterface(obj, name)`). */
export const ANDROID_INTERFACE = 'KwartaAndroid';

/** How many calls the development recorder keeps. */
export const BRIDGE_RECORDER_LIMIT = 100;

const RECORDER_STORAGE_KEY = 'kwarta:bridgeCalls';

/** The native shell's own screens (DESIGN D15: they are not web routes). */
export type NativePage = 'home' | 'login' | 'myAccount' | 'productDetail' | 'setting';

/** Query-like values only, so every platform can read them without type juggling. */
export type NativePageParams = Record<string, string>;

export type GoPagePayload =
  | { page: 'productDetail'; params: { productId: string } & NativePageParams }
  | { page: Exclude<NativePage, 'productDetail'>; params: NativePageParams };

export interface TrackPoint {
  /** snake_case event name, e.g. `loan_confirm_click`. */
  event: string;
  productId?: string;
  orderId?: string;
  properties?: Record<string, string | number | boolean>;
}

type EmptyPayload = Record<string, never>;

/** Every action and its payload; the payload is what iOS receives as an object and Android as JSON text. */
export interface BridgePayloads {
  openPage: { url: string; title?: string };
  closeWebView: EmptyPayload;
  goPage: GoPagePayload;
  goHome: EmptyPayload;
  goMyAccount: EmptyPayload;
  logoutToLogin: EmptyPayload;
  callPhone: { phone: string };
  goRate: EmptyPayload;
  confirmTrackPoint: TrackPoint;
  startBankFlow: { productId?: string };
  endBankFlow: { productId?: string; bound: boolean };
}

export type BridgeAction = keyof BridgePayloads;

export type BridgeTransport = 'ios' | 'android' | 'browser';

type BridgeMessage = { [A in BridgeAction]: { action: A; payload: BridgePayloads[A] } }[BridgeAction];

/** One recorded call; `at` is epoch milliseconds. */
export type BridgeCall = BridgeMessage & { at: number; transport: BridgeTransport };

interface BridgeWindow {
  webkit?: { messageHandlers?: Partial<Record<string, { postMessage(payload: unknown): void }>> };
  [ANDROID_INTERFACE]?: Partial<Record<string, (json: string) => void>>;
  kwartaOnBack?: () => boolean;
  __kwartaBridgeCalls?: BridgeCall[];
  navigation?: { canGoBack?: boolean };
}

const bridgeWindow = (): BridgeWindow => window as unknown as BridgeWindow;

// Actions whose payload may be left out: every field is optional.
type PayloadArgs<A extends BridgeAction> = EmptyPayload extends BridgePayloads[A]
  ? [payload?: BridgePayloads[A]]
  : [payload: BridgePayloads[A]];

/**
 * Sends one action to the native shell, or emulates it in a plain browser. Returns the
 * transport used. Decided per action, so a shell that lacks one action still gets the others.
 */
export function callBridge<A extends BridgeAction>(action: A, ...args: PayloadArgs<A>): BridgeTransport {
  const message = { action, payload: args[0] ?? {} } as BridgeMessage;
  const transport = pickTransport(action);
  record(message, transport);
  try {
    deliver(message, transport);
  } catch (error) {
    // A shell/page protocol mismatch must not break the page flow around the call.
    console.error(`[bridge] ${action} failed`, error);
  }
  return transport;
}

function pickTransport(action: BridgeAction): BridgeTransport {
  const w = bridgeWindow();
  if (typeof w.webkit?.messageHandlers?.[action]?.postMessage === 'function') return 'ios';
  if (typeof w[ANDROID_INTERFACE]?.[action] === 'function') return 'android';
  return 'browser';
}

function deliver(message: BridgeMessage, transport: BridgeTransport): void {
  const w = bridgeWindow();
  if (transport === 'ios') {
    w.webkit?.messageHandlers?.[message.action]?.postMessage(message.payload);
  } else if (transport === 'android') {
    // Called as a method: Android's injected objects need their own `this`.
    w[ANDROID_INTERFACE]?.[message.action]?.(JSON.stringify(message.payload));
  } else {
    browserFallback(message);
  }
}

/** Promotion visitors and development have no shell: do the nearest web equivalent. */
function browserFallback(message: BridgeMessage): void {
  switch (message.action) {
    case 'openPage':
      if (isWebUrl(message.payload.url)) window.location.assign(message.payload.url);
      return;
    case 'closeWebView':
      if (canGoBack()) window.history.back();
      else window.location.assign('/');
      return;
    case 'goPage':
    case 'goHome':
    case 'goMyAccount':
      window.location.assign('/');
      return;
    case 'callPhone': {
      const phone = message.payload.phone.replace(/[^\d+]/g, '');
      if (phone) window.location.assign(`tel:${phone}`);
      return;
    }
    case 'logoutToLogin':
      // No shell to sign in with: a page of the app opened outside it (a reminder's link in a
      // phone's browser). The official site says to open the app, at this page.
      window.location.assign(`${webRoutes.officialSite}?openApp=${encodeURIComponent(pageWithoutSession())}`);
      return;
    default:
      // goRate, confirmTrackPoint, startBankFlow, endBankFlow: nothing to emulate.
      return;
  }
}

/** This page's path and query without the (dead or absent) session: what the app should open. */
function pageWithoutSession(): string {
  const params = new URLSearchParams(window.location.search);
  for (const field of sessionQueryFields) params.delete(field);
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}`;
}

// Non-web schemes (app deep links, javascript:) mean something only to a native shell.
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

// history.length also counts forward entries; the Navigation API knows better where it exists.
function canGoBack(): boolean {
  return bridgeWindow().navigation?.canGoBack ?? window.history.length > 1;
}

/** Relative addresses are sent resolved against the current page: the shell has no base URL. */
export function openPage(url: string, title?: string): BridgeTransport {
  const absolute = toAbsolute(url);
  return callBridge('openPage', title === undefined ? { url: absolute } : { url: absolute, title });
}

function toAbsolute(url: string): string {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

export function closeWebView(): BridgeTransport {
  return callBridge('closeWebView');
}

export function goPage(
  page: 'productDetail',
  params: { productId: string } & NativePageParams,
): BridgeTransport;
export function goPage(
  page: Exclude<NativePage, 'productDetail'>,
  params?: NativePageParams,
): BridgeTransport;
export function goPage(page: NativePage, params: NativePageParams = {}): BridgeTransport {
  return callBridge('goPage', { page, params } as GoPagePayload);
}

export function goHome(): BridgeTransport {
  return callBridge('goHome');
}

export function goMyAccount(): BridgeTransport {
  return callBridge('goMyAccount');
}

/** The session is gone (DESIGN D1): the shell logs out and shows its login screen. */
export function logoutToLogin(): BridgeTransport {
  return callBridge('logoutToLogin');
}

export function callPhone(phone: string): BridgeTransport {
  return callBridge('callPhone', { phone });
}

/** Opens the store's rating for the app. */
export function goRate(): BridgeTransport {
  return callBridge('goRate');
}

export function confirmTrackPoint(point: TrackPoint): BridgeTransport {
  return callBridge('confirmTrackPoint', point);
}

export function startBankFlow(payload: BridgePayloads['startBankFlow'] = {}): BridgeTransport {
  return callBridge('startBankFlow', payload);
}

/** `bound`: whether an account was saved, so the shell knows to refresh the borrower's status. */
export function endBankFlow(payload: BridgePayloads['endBankFlow']): BridgeTransport {
  return callBridge('endBankFlow', payload);
}

// ---- back signal -------------------------------------------------------------------------

/** Returns true when it consumed the back signal (e.g. it opened a retention popup). */
export type NativeBackHandler = () => boolean;

const backHandlers: NativeBackHandler[] = [];

/**
 * Lets a page (or an open popup) intercept the shell's back signal. The latest subscriber is
 * asked first, so whatever is on top of the screen decides.
 */
export function onNativeBack(handler: NativeBackHandler): () => void {
  backHandlers.push(handler);
  return () => {
    const index = backHandlers.lastIndexOf(handler);
    if (index >= 0) backHandlers.splice(index, 1);
  };
}

function handleNativeBack(): boolean {
  for (const handler of [...backHandlers].reverse()) {
    let handled = false;
    try {
      handled = handler();
    } catch (error) {
      // A broken page must not leave the borrower unable to go back.
      console.error('[bridge] back handler failed', error);
    }
    if (handled) return true;
  }
  // At the first page there is no web history to go back to: leave the web view instead.
  if (canGoBack()) window.history.back();
  else closeWebView();
  return false;
}

// Installed on import, not on first subscription: the shell may signal back before any page subscribes.
if (typeof window !== 'undefined') bridgeWindow().kwartaOnBack = handleNativeBack;

// ---- development recorder ----------------------------------------------------------------

let recording = false;

/**
 * Starts appending every call to `window.__kwartaBridgeCalls` (last 100). The app calls this
 * when `readRuntimeEnv()` is development or sandbox. Calls survive page loads in
 * sessionStorage, because browser fallbacks navigate away and /testPreview shows them afterwards.
 */
export function enableBridgeRecorder(): void {
  recording = true;
  const w = bridgeWindow();
  if (w.__kwartaBridgeCalls) return;
  // Read on first use, not here: a page's first sessionStorage access blocks the main thread
  // for several milliseconds, and this runs while the page boots.
  let calls: BridgeCall[] | undefined;
  Object.defineProperty(w, '__kwartaBridgeCalls', {
    configurable: true,
    enumerable: true,
    get: () => (calls ??= loadRecordedCalls()),
    set: (value: BridgeCall[]) => {
      calls = value;
    },
  });
}

/** A copy of the recorded calls, oldest first; empty when recording is off. */
export function recordedBridgeCalls(): BridgeCall[] {
  return [...(bridgeWindow().__kwartaBridgeCalls ?? [])];
}

function record(message: BridgeMessage, transport: BridgeTransport): void {
  if (!recording) return;
  const w = bridgeWindow();
  const calls = (w.__kwartaBridgeCalls ??= []);
  // A copy, so later mutation by the caller cannot rewrite history.
  const payload = JSON.parse(JSON.stringify(message.payload)) as BridgeMessage['payload'];
  calls.push({ action: message.action, payload, at: Date.now(), transport } as BridgeCall);
  if (calls.length > BRIDGE_RECORDER_LIMIT) calls.splice(0, calls.length - BRIDGE_RECORDER_LIMIT);
  try {
    sessionStorage.setItem(RECORDER_STORAGE_KEY, JSON.stringify(calls));
  } catch {
    // Storage may be full or disabled; the in-memory record still works.
  }
}

function loadRecordedCalls(): BridgeCall[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(RECORDER_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as BridgeCall[]).slice(-BRIDGE_RECORDER_LIMIT) : [];
  } catch {
    return [];
  }
}
