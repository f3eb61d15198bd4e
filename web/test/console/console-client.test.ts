import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CSRF_HEADER, ResultCode, consoleCalls, messages } from '@kwarta/contract';
import { consoleCall, setCsrfToken, whenSignedOut } from '../../src/console/console-client.ts';

const fetchMock = vi.fn();
const signedOut = vi.fn();

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function sent() {
  const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit & { headers: Record<string, string> }];
  return { url: new URL(url, 'http://localhost'), init };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setCsrfToken('csrf-1');
  whenSignedOut(signedOut);
  // A borrower's session query in the address must not travel with a console call.
  window.history.replaceState(null, '', '/console?sessionId=s3cr3t#/orders');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('consoleCall', () => {
  test('puts GET parameters in the query, leaves out blank ones and sends no CSRF token', async () => {
    answer({ kwc: '00', kwm: 'success', kwd: { items: [], hasMore: false } });
    const result = await consoleCall(consoleCalls.consoleOrders, { status: '', q: '0917', page: '2' });

    const { url, init } = sent();
    expect(url.pathname).toBe(consoleCalls.consoleOrders.path);
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '0917', page: '2' });
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers[CSRF_HEADER]).toBeUndefined();
    expect(result).toMatchObject({ success: true, data: { items: [], hasMore: false } });
  });

  test('POSTs form-encoded with the CSRF token, no query', async () => {
    answer({ kwc: '00', kwm: 'success', kwd: { status: 'held' } });
    await consoleCall(consoleCalls.consoleAcceptPayment, { paymentId: '5' });

    const { url, init } = sent();
    expect(url.search).toBe('');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('paymentId=5');
    expect(init.headers[CSRF_HEADER]).toBe('csrf-1');
  });

  test('sends a complaint reply as multipart: the images as file parts, blank fields left out', async () => {
    answer({ kwc: '00', kwm: 'success', kwd: null });
    const image = new File([new Uint8Array([0x89, 0x50])], 'reply.png', { type: 'image/png' });
    await consoleCall(consoleCalls.consoleReplyComplaint, {
      problemId: '3',
      text: '',
      image1: image,
      image2: undefined,
    });

    const { init } = sent();
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['problemId', 'image1']);
    expect((form.get('image1') as File).name).toBe('reply.png');
    expect(init.headers[CSRF_HEADER]).toBe('csrf-1');
  });

  test('a 401 on an operator call means the session is over: back to the sign-in', async () => {
    answer({ kwc: ResultCode.sessionInvalid, kwm: 'Please sign in again.', kwd: null }, 401);
    const result = await consoleCall(consoleCalls.consoleDashboard, {});
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ success: false, message: 'Please sign in again.', data: null });
  });

  test('a 401 at sign-in (wrong password) only fails, with the server message', async () => {
    answer({ kwc: ResultCode.sessionInvalid, kwm: 'Wrong name or password.', kwd: null }, 401);
    const result = await consoleCall(consoleCalls.consoleSignIn, { name: 'ana', password: 'x' });
    expect(signedOut).not.toHaveBeenCalled();
    expect(result).toMatchObject({ success: false, message: 'Wrong name or password.' });
  });

  test('a refusal carries the server message', async () => {
    answer({ kwc: ResultCode.forbidden, kwm: 'Not for your role.', kwd: null }, 403);
    const result = await consoleCall(consoleCalls.consoleAudit, { page: '1' });
    expect(result).toMatchObject({
      success: false,
      code: ResultCode.forbidden,
      message: 'Not for your role.',
    });
    expect(signedOut).not.toHaveBeenCalled();
  });

  test('says the service is unavailable when there is no answer or it is not an envelope', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await consoleCall(consoleCalls.consoleDashboard, {})).toMatchObject({
      success: false,
      message: messages.unavailable,
    });
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await consoleCall(consoleCalls.consoleDashboard, {})).toMatchObject({
      success: false,
      message: messages.unavailable,
    });
  });
});
