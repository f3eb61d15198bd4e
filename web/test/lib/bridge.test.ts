import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type * as BridgeModule from '../../src/lib/bridge.ts';

type Bridge = typeof BridgeModule;

type TestWindow = Window & {
  webkit?: unknown;
  KwartaAndroid?: unknown;
  kwartaOnBack?: () => boolean;
  __kwartaBridgeCalls?: unknown[];
};
const testWindow = window as TestWindow;

// The module keeps state (recorder switch, back subscribers), so every test gets a fresh copy.
async function loadBridge(): Promise<Bridge> {
  vi.resetModules();
  return import('../../src/lib/bridge.ts');
}

let assign: ReturnType<typeof vi.spyOn>;
let back: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  delete testWindow.webkit;
  delete testWindow.KwartaAndroid;
  delete testWindow.kwartaOnBack;
  delete testWindow.__kwartaBridgeCalls;
  sessionStorage.clear();
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
  setHistoryLength(1);
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Spied rather than pushed: happy-dom's history lives as long as the test file.
function setHistoryLength(length: number) {
  vi.spyOn(window.history, 'length', 'get').mockReturnValue(length);
}

function installIos(actions: string[]) {
  const handlers = Object.fromEntries(actions.map((action) => [action, { postMessage: vi.fn() }]));
  testWindow.webkit = { messageHandlers: handlers };
  return handlers;
}

function installAndroid(actions: string[]) {
  const iface = Object.fromEntries(actions.map((action) => [action, vi.fn()]));
  testWindow.KwartaAndroid = iface;
  return iface;
}

describe('iOS transport', () => {
  test('posts the payload object to the message handler named after the action', async () => {
    const handlers = installIos(['openPage', 'goPage', 'closeWebView']);
    const bridge = await loadBridge();

    expect(bridge.openPage('https://example.com/terms', 'Terms')).toBe('ios');
    expect(bridge.goPage('productDetail', { productId: '7' })).toBe('ios');
    expect(bridge.closeWebView()).toBe('ios');

    expect(handlers.openPage?.postMessage).toHaveBeenCalledWith({
      url: 'https://example.com/terms',
      title: 'Terms',
    });
    expect(handlers.goPage?.postMessage).toHaveBeenCalledWith({
      page: 'productDetail',
      params: { productId: '7' },
    });
    expect(handlers.closeWebView?.postMessage).toHaveBeenCalledWith({});
    expect(assign).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
  });

  test('an action the shell does not register falls back to the browser', async () => {
    installIos(['goHome']);
    const bridge = await loadBridge();

    expect(bridge.callPhone('0917 123 4567')).toBe('browser');
    expect(assign).toHaveBeenCalledWith('tel:09171234567');
  });
});

describe('Android transport', () => {
  test(`calls window.KwartaAndroid.<action> with the payload as JSON text`, async () => {
    const iface = installAndroid(['confirmTrackPoint', 'goHome', 'endBankFlow']);
    const bridge = await loadBridge();

    expect(bridge.ANDROID_INTERFACE).toBe('KwartaAndroid');
    expect(bridge.confirmTrackPoint({ event: 'loan_confirm_click', productId: '7' })).toBe('android');
    expect(bridge.goHome()).toBe('android');
    expect(bridge.endBankFlow({ productId: '7', bound: true })).toBe('android');

    expect(iface.confirmTrackPoint).toHaveBeenCalledWith('{"event":"loan_confirm_click","productId":"7"}');
    expect(iface.goHome).toHaveBeenCalledWith('{}');
    expect(JSON.parse(iface.endBankFlow?.mock.calls[0]?.[0] as string)).toEqual({
      productId: '7',
      bound: true,
    });
    expect(assign).not.toHaveBeenCalled();
  });

  test('sends relative addresses resolved, and app links untouched', async () => {
    const iface = installAndroid(['openPage']);
    const bridge = await loadBridge();

    bridge.openPage('/loanAgreement?productId=7');
    bridge.openPage('kwarta://product?id=7');

    expect(iface.openPage?.mock.calls).toEqual([
      [JSON.stringify({ url: `${location.origin}/loanAgreement?productId=7` })],
      [JSON.stringify({ url: 'kwarta://product?id=7' })],
    ]);
  });

  test('keeps the interface as `this`, as injected Java objects require', async () => {
    const received: unknown[] = [];
    testWindow.KwartaAndroid = {
      goRate(this: unknown) {
        received.push(this);
      },
    };
    const bridge = await loadBridge();

    bridge.goRate();
    expect(received).toEqual([testWindow.KwartaAndroid]);
  });

  test('a throwing shell method is reported, not thrown into the page', async () => {
    testWindow.KwartaAndroid = {
      goHome() {
        throw new Error('Method not found');
      },
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bridge = await loadBridge();

    expect(() => bridge.goHome()).not.toThrow();
    expect(error).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('browser fallback', () => {
  test('openPage navigates to web addresses only', async () => {
    const bridge = await loadBridge();

    expect(bridge.openPage('/Policy')).toBe('browser');
    bridge.openPage('https://example.com/pay');
    bridge.openPage('javascript:alert(1)');
    bridge.openPage('kwarta://product?id=7');

    expect(assign.mock.calls).toEqual([[`${location.origin}/Policy`], ['https://example.com/pay']]);
  });

  test('closeWebView goes back when there is history, else to the site root', async () => {
    const bridge = await loadBridge();

    bridge.closeWebView();
    expect(back).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/');

    setHistoryLength(2);
    bridge.closeWebView();
    expect(back).toHaveBeenCalledTimes(1);
  });

  test('native screens map to the site root', async () => {
    const bridge = await loadBridge();

    bridge.goHome();
    bridge.goMyAccount();
    bridge.goPage('setting');
    expect(assign.mock.calls).toEqual([['/'], ['/'], ['/']]);
  });

  test('callPhone dials through a tel: address with only digits and +', async () => {
    const bridge = await loadBridge();

    bridge.callPhone('+63 (917) 123-4567');
    bridge.callPhone('n/a');
    expect(assign.mock.calls).toEqual([['tel:+639171234567']]);
  });

  test('logoutToLogin without a shell sends the visitor to the official site to open the app, at this page', async () => {
    window.history.replaceState(null, '', '/repay?productId=1&orderId=7&sessionId=dead&deviceId=d1');
    const bridge = await loadBridge();
    expect(bridge.logoutToLogin()).toBe('browser');
    expect(assign.mock.calls).toEqual([[`/?openApp=${encodeURIComponent('/repay?productId=1&orderId=7')}`]]);
  });

  test('actions without a web equivalent do nothing', async () => {
    const bridge = await loadBridge();

    for (const call of [
      () => bridge.goRate(),
      () => bridge.confirmTrackPoint({ event: 'x' }),
      () => bridge.startBankFlow(),
      () => bridge.endBankFlow({ bound: false }),
    ]) {
      expect(call()).toBe('browser');
    }
    expect(assign).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
  });
});

describe('native back signal', () => {
  test('installs window.kwartaOnBack on import', async () => {
    await loadBridge();
    expect(typeof testWindow.kwartaOnBack).toBe('function');
  });

  test('the latest subscriber that handles it wins and nothing else happens', async () => {
    const bridge = await loadBridge();
    const page = vi.fn(() => true);
    const popup = vi.fn(() => true);
    bridge.onNativeBack(page);
    bridge.onNativeBack(popup);

    expect(testWindow.kwartaOnBack?.()).toBe(true);
    expect(popup).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
  });

  test('declining handlers pass it on; if nobody handles it the page goes back', async () => {
    const bridge = await loadBridge();
    const page = vi.fn(() => false);
    bridge.onNativeBack(page);
    setHistoryLength(3);

    expect(testWindow.kwartaOnBack?.()).toBe(false);
    expect(page).toHaveBeenCalledTimes(1);
    expect(back).toHaveBeenCalledTimes(1);
  });

  test('with no web history left, an unhandled back closes the web view', async () => {
    const handlers = installIos(['closeWebView']);
    const bridge = await loadBridge();
    bridge.enableBridgeRecorder();

    expect(testWindow.kwartaOnBack?.()).toBe(false);
    expect(handlers.closeWebView?.postMessage).toHaveBeenCalledWith({});
    expect(back).not.toHaveBeenCalled();
    expect(bridge.recordedBridgeCalls().map((call) => call.action)).toEqual(['closeWebView']);
  });

  test('unsubscribing stops a handler from being asked', async () => {
    const bridge = await loadBridge();
    const handler = vi.fn(() => true);
    const unsubscribe = bridge.onNativeBack(handler);
    unsubscribe();
    setHistoryLength(3);

    expect(testWindow.kwartaOnBack?.()).toBe(false);
    expect(handler).not.toHaveBeenCalled();
    expect(back).toHaveBeenCalledTimes(1);
  });

  test('a throwing handler counts as not handled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bridge = await loadBridge();
    bridge.onNativeBack(() => {
      throw new Error('boom');
    });
    setHistoryLength(3);

    expect(testWindow.kwartaOnBack?.()).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
  });
});

describe('recorder', () => {
  test('records nothing until enabled', async () => {
    const bridge = await loadBridge();
    bridge.goRate();

    expect(bridge.recordedBridgeCalls()).toEqual([]);
    expect(testWindow.__kwartaBridgeCalls).toBeUndefined();
  });

  test('records action, payload, time and transport on window.__kwartaBridgeCalls', async () => {
    vi.useFakeTimers({ now: new Date('2025-01-02T03:04:05Z'), toFake: ['Date'] });
    installAndroid(['goPage']);
    const bridge = await loadBridge();
    bridge.enableBridgeRecorder();

    bridge.goPage('home');
    bridge.logoutToLogin();
    vi.useRealTimers();

    const at = Date.parse('2025-01-02T03:04:05Z');
    const expected = [
      { action: 'goPage', payload: { page: 'home', params: {} }, at, transport: 'android' },
      { action: 'logoutToLogin', payload: {}, at, transport: 'browser' },
    ];
    expect(bridge.recordedBridgeCalls()).toEqual(expected);
    expect(testWindow.__kwartaBridgeCalls).toEqual(expected);
  });

  test('keeps only the last 100 calls', async () => {
    const bridge = await loadBridge();
    bridge.enableBridgeRecorder();

    for (let i = 0; i < 105; i += 1) bridge.confirmTrackPoint({ event: `e${i}` });

    const calls = bridge.recordedBridgeCalls();
    expect(calls).toHaveLength(100);
    expect(calls[0]?.payload).toEqual({ event: 'e5' });
    expect(calls[99]?.payload).toEqual({ event: 'e104' });
    expect(testWindow.__kwartaBridgeCalls).toHaveLength(100);
  });

  test('a payload changed after the call does not change the record', async () => {
    const bridge = await loadBridge();
    bridge.enableBridgeRecorder();
    const point = { event: 'click', properties: { position: 1 } };

    bridge.confirmTrackPoint(point);
    point.properties.position = 2;

    expect(bridge.recordedBridgeCalls()[0]?.payload).toEqual({ event: 'click', properties: { position: 1 } });
  });

  test('calls survive a page load (the browser fallback navigates away)', async () => {
    let bridge = await loadBridge();
    bridge.enableBridgeRecorder();
    bridge.goHome();

    delete testWindow.__kwartaBridgeCalls;
    bridge = await loadBridge();
    bridge.enableBridgeRecorder();
    bridge.goRate();

    expect(bridge.recordedBridgeCalls().map((call) => call.action)).toEqual(['goHome', 'goRate']);
  });
});
