import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Limits, messages, routes } from '@kwarta/contract';

// The client's collaborators are replaced so each test can see what it toasted, showed as
// loading, or asked the native shell to do.
const showToast = vi.fn();
const hideLoading = vi.fn();
const showLoading = vi.fn(() => hideLoading);
const logoutToLogin = vi.fn();
vi.mock('../../src/lib/toast-store.ts', () => ({ showToast, showLoading }));
vi.mock('../../src/lib/bridge.ts', () => ({ logoutToLogin }));

const { callApi } = await import('../../src/lib/borrower-api.ts');
const { NETWORK_ERROR_CODE } = await import('../../src/lib/api-client.ts');

const fetchMock = vi.fn();

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(
    null,
    '',
    '/customerService?sessionId=s3cr3t&deviceId=d1&appVersion=1.0&orderId=9&other=x',
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('callApi', () => {
  test('POSTs the parameters form-encoded, with the session query and the XMLHttpRequest header', async () => {
    answer({ kwc: '00', kwm: 'success', kwd: { email: 'a@b.c', smWa: '1' } });
    const result = await callApi(routes.contactKfInfo, { overall: 30 });

    const [url, init] = fetchMock.mock.calls[0]!;
    const sent = new URL(url as string, 'http://localhost');
    expect(sent.pathname).toBe(routes.contactKfInfo.path);
    // Only the common session query travels; page parameters are the page's business.
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      sessionId: 's3cr3t',
      deviceId: 'd1',
      appVersion: '1.0',
    });
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('overall=30');
    expect(init.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(result).toMatchObject({
      success: true,
      code: '00',
      message: 'success',
      data: { email: 'a@b.c', smWa: '1' },
    });
    expect(result.raw).toEqual({ kwc: '00', kwm: 'success', kwd: { email: 'a@b.c', smWa: '1' } });
  });

  test('puts GET parameters in the query', async () => {
    answer({ code: '00', message: 'ok', data: null });
    await callApi(
      { name: 'contactKfInfo', summary: '', tag: '', method: 'GET', path: '/x', auth: 'public' } as never,
      { overall: 30 } as never,
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(url as string, 'http://localhost').searchParams.get('overall')).toBe('30');
    expect(init.body).toBeUndefined();
  });

  test('uploads as multipart: the file as a file part beside the session query', async () => {
    answer({ kwc: '00', kwm: 'success', kwd: { url: '/img/1' } });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    const result = await callApi(routes.uploadProblemImg, { problemImage: photo });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(url as string, 'http://localhost').searchParams.get('sessionId')).toBe('s3cr3t');
    const sent = init.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('problemImage') as File).name).toBe('photo.jpg');
    expect(result).toMatchObject({ success: true, data: { url: '/img/1' } });
  });

  test("renames a route's disguised data keys back to the canonical ones", async () => {
    answer({ kwc: '00', kwm: 'success', kwd: { gy_mt: 500000, gy_pd: 1 } });
    const result = await callApi(routes.goyaConfirm, { productId: '7' });
    expect(result.data).toMatchObject({ amount: 500000, periods: 1 });
  });

  test('reads plain code/message/data when the disguised keys are absent, and integer 0 as success', async () => {
    answer({ code: 0, message: 'fine', data: { email: 'x', smWa: 'y' } });
    const result = await callApi(routes.contactKfInfo, { overall: 30 });
    expect(result).toMatchObject({ success: true, data: { email: 'x', smWa: 'y' } });
  });

  test('toasts the server message on failure and still resolves with the failed result', async () => {
    answer({ kwc: '400', kwm: 'overall must be 30', kwd: null }, 400);
    const result = await callApi(routes.contactKfInfo, { overall: 31 });
    expect(result).toMatchObject({ success: false, code: '400', message: 'overall must be 30', data: null });
    expect(showToast).toHaveBeenCalledWith('overall must be 30');
  });

  test('stays quiet on failure when asked to', async () => {
    answer({ kwc: '500', kwm: 'boom', kwd: null }, 500);
    await callApi(routes.contactKfInfo, { overall: 30 }, { silent: true });
    expect(showToast).not.toHaveBeenCalled();
  });

  test('sends the borrower to the native login when the session is gone, without a toast', async () => {
    answer({ kwc: '401', kwm: messages.sessionInvalid, kwd: null }, 401);
    const result = await callApi(routes.contactKfInfo, { overall: 30 });
    expect(result.success).toBe(false);
    expect(logoutToLogin).toHaveBeenCalledTimes(1);
    expect(showToast).not.toHaveBeenCalled();
  });

  test("toasts 'error' when the network fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const result = await callApi(routes.contactKfInfo, { overall: 30 });
    expect(result).toMatchObject({ success: false, code: NETWORK_ERROR_CODE });
    expect(showToast).toHaveBeenCalledWith(messages.networkError);
  });

  test('shows the loading toast until the answer arrives', async () => {
    let release!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (release = resolve)));
    const pending = callApi(routes.contactKfInfo, { overall: 30 }, { loadingText: 'Loading…' });
    expect(showLoading).toHaveBeenCalledWith('Loading…');
    expect(hideLoading).not.toHaveBeenCalled();
    release(new Response(JSON.stringify({ kwc: '00', kwm: '', kwd: {} })));
    await pending;
    expect(hideLoading).toHaveBeenCalledTimes(1);
  });

  test(`gives up after ${Limits.requestTimeoutMs} ms`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = callApi(routes.contactKfInfo, { overall: 30 });
    await vi.advanceTimersByTimeAsync(Limits.requestTimeoutMs - 1);
    expect(showToast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ success: false, code: NETWORK_ERROR_CODE });
    expect(showToast).toHaveBeenCalledWith(messages.networkError);
  });
});
