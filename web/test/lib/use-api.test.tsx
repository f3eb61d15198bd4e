import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { consoleCalls, preloadKey, routes } from '@kwarta/contract';
import type { ApiCall, ApiResult, CallOptions } from '../../src/lib/api-client.ts';
import { PreloadedDataContext } from '../../src/lib/preloaded-data.ts';
import { useApiQuery } from '../../src/lib/use-api.ts';

const ok = <T,>(data: T): ApiResult<T> => ({
  success: true,
  code: '00',
  message: 'success',
  data,
  raw: null,
});
const refused = (message: string): ApiResult<never> => ({
  success: false,
  code: '400',
  message,
  data: null,
  raw: null,
});

/** A client whose answers the test gives, call by call; it records what each call was asked. */
function fakeClient() {
  const pending: { params: unknown; options: CallOptions; answer: (result: ApiResult<unknown>) => void }[] =
    [];
  const call = vi.fn(
    (_route: unknown, params: unknown, options: CallOptions = {}) =>
      new Promise<ApiResult<unknown>>((answer) => pending.push({ params, options, answer })),
  );
  return { call: call as unknown as ApiCall, calls: call, pending };
}

afterEach(() => vi.clearAllMocks());

describe('useApiQuery', () => {
  test('loads when mounted, through the client it is given', async () => {
    const client = fakeClient();
    const { result } = renderHook(() => useApiQuery(client.call, routes.contactKfInfo, { overall: 30 }));
    expect(result.current).toMatchObject({ status: 'loading', data: null, fetching: true, error: '' });
    expect(client.calls).toHaveBeenCalledWith(routes.contactKfInfo, { overall: 30 }, expect.anything());

    act(() => client.pending[0]!.answer(ok({ email: 'a@b.c', smWa: '1' })));
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current).toMatchObject({ data: { email: 'a@b.c', smWa: '1' }, fetching: false });
  });

  test("passes the page's silence and headers on", () => {
    const client = fakeClient();
    renderHook(() =>
      useApiQuery(
        client.call,
        routes.contactKfInfo,
        { overall: 30 },
        { silent: true, headers: { eyes: '1' } },
      ),
    );
    expect(client.pending[0]!.options).toMatchObject({ silent: true, headers: { eyes: '1' } });
  });

  test('a failure leaves no data and its message in `error`', async () => {
    const client = fakeClient();
    const { result } = renderHook(() => useApiQuery(client.call, consoleCalls.consoleDashboard, {}));
    act(() => client.pending[0]!.answer(refused('Not for your role.')));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current).toMatchObject({ data: null, error: 'Not for your role.', fetching: false });
  });

  test('takes the result the server rendered the page with, and asks again only on reload', async () => {
    const client = fakeClient();
    const params = { overall: 30 };
    const preloaded = { [preloadKey(routes.contactKfInfo, params)]: { email: 'x@y.z', smWa: '2' } };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PreloadedDataContext.Provider value={preloaded}>{children}</PreloadedDataContext.Provider>
    );
    const { result } = renderHook(() => useApiQuery(client.call, routes.contactKfInfo, params), { wrapper });
    expect(result.current).toMatchObject({ status: 'success', data: { email: 'x@y.z' }, fetching: false });
    expect(client.calls).not.toHaveBeenCalled();

    act(() => result.current.reload());
    expect(client.calls).toHaveBeenCalledTimes(1);
    // The shown data stays while the new answer is awaited.
    expect(result.current).toMatchObject({ status: 'success', data: { email: 'x@y.z' }, fetching: true });
    act(() => client.pending[0]!.answer(ok({ email: 'new@y.z', smWa: '2' })));
    await waitFor(() => expect(result.current.data).toMatchObject({ email: 'new@y.z' }));
  });

  test('data the page already has is the first answer: nothing is fetched', () => {
    const client = fakeClient();
    const { result } = renderHook(() =>
      useApiQuery(
        client.call,
        routes.channelTemplate,
        { templateId: '4' },
        { initialData: { id: 4 } as never },
      ),
    );
    expect(result.current).toMatchObject({ status: 'success', data: { id: 4 } });
    expect(client.calls).not.toHaveBeenCalled();
  });

  test('new parameters: asks again, keeps the rows shown meanwhile and drops the older call', async () => {
    const client = fakeClient();
    const { result, rerender } = renderHook(
      ({ page }) => useApiQuery(client.call, consoleCalls.consoleAudit, { page }),
      { initialProps: { page: '1' } },
    );
    act(() => client.pending[0]!.answer(ok({ items: [{ id: 1 }], hasMore: true })));
    await waitFor(() => expect(result.current.fetching).toBe(false));

    rerender({ page: '2' });
    expect(client.pending[1]!.params).toEqual({ page: '2' });
    expect(result.current).toMatchObject({ data: { items: [{ id: 1 }] }, fetching: true });

    rerender({ page: '3' });
    expect(client.pending[1]!.options.signal!.aborted).toBe(true);
    act(() => client.pending[1]!.answer(ok({ items: [{ id: 2 }], hasMore: true })));
    act(() => client.pending[2]!.answer(ok({ items: [{ id: 3 }], hasMore: false })));
    await waitFor(() => expect(result.current.fetching).toBe(false));
    expect(result.current.data).toEqual({ items: [{ id: 3 }], hasMore: false });
  });

  test('the same parameters in a new object do not ask again', () => {
    const client = fakeClient();
    const { rerender } = renderHook(() => useApiQuery(client.call, consoleCalls.consoleAudit, { page: '1' }));
    rerender();
    expect(client.calls).toHaveBeenCalledTimes(1);
  });

  test('aborts the call when the component goes away', () => {
    const client = fakeClient();
    const { unmount } = renderHook(() => useApiQuery(client.call, routes.contactKfInfo, { overall: 30 }));
    const { signal } = client.pending[0]!.options;
    expect(signal!.aborted).toBe(false);
    unmount();
    expect(signal!.aborted).toBe(true);
  });
});
