import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { createQueryClient, isRetryable } from './queryClient.ts';
import { useResource } from './useResource.ts';

afterEach(() => cleanup());

/** A loader the test answers by hand, counting its calls. */
function scripted<T>() {
  const pending: { resolve(value: T): void; reject(error: unknown): void }[] = [];
  const load = () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("the admin's data layer", () => {
  it('asks once when two parts of a screen ask the same question at once', async () => {
    const client = createQueryClient({ retry: false });
    const plans = scripted<string[]>();
    const { result } = renderHook(
      () => [useResource(['admin-plans'], plans.load), useResource(['admin-plans'], plans.load)] as const,
      { wrapper: wrapper(client) },
    );
    expect(result.current[0].loaded.state).toBe('loading');
    expect(plans.pending).toHaveLength(1);
    act(() => plans.pending[0]!.resolve(['Pro']));
    await waitFor(() => expect(result.current[1].loaded).toEqual({ state: 'ready', data: ['Pro'] }));
    expect(result.current[0].data).toEqual(['Pro']);
  });

  it('paints a screen opened again with what it had, while it asks the server again', async () => {
    const client = createQueryClient({ retry: false });
    const invoices = scripted<string[]>();
    const first = renderHook(() => useResource(['invoices'], invoices.load), { wrapper: wrapper(client) });
    act(() => invoices.pending[0]!.resolve(['INV-1']));
    await waitFor(() => expect(first.result.current.loaded.state).toBe('ready'));
    first.unmount();

    const again = renderHook(() => useResource(['invoices'], invoices.load), { wrapper: wrapper(client) });
    expect(again.result.current.loaded).toEqual({ state: 'ready', data: ['INV-1'] });
    expect(again.result.current.loading).toBe(true);
    expect(invoices.pending).toHaveLength(2);
    act(() => invoices.pending[1]!.resolve(['INV-1', 'INV-2']));
    await waitFor(() => expect(again.result.current.data).toEqual(['INV-1', 'INV-2']));
    expect(again.result.current.loading).toBe(false);
  });

  it('keeps the last page on screen while the next one loads, saying it is loading', async () => {
    const client = createQueryClient({ retry: false });
    const pages = scripted<string[]>();
    const { result, rerender } = renderHook(({ page }) => useResource(['poll', 'list', page], pages.load), {
      wrapper: wrapper(client),
      initialProps: { page: 1 },
    });
    act(() => pages.pending[0]!.resolve(['Poll 1']));
    await waitFor(() => expect(result.current.loaded.state).toBe('ready'));
    rerender({ page: 2 });
    expect(result.current.loaded.state).toBe('loading');
    expect(result.current.data).toEqual(['Poll 1']);
    act(() => pages.pending[1]!.resolve(['Poll 21']));
    await waitFor(() => expect(result.current.loaded).toEqual({ state: 'ready', data: ['Poll 21'] }));
  });

  it('after a mutation, marks every page and item of the resource stale and asks again for the one on screen', async () => {
    const client = createQueryClient({ retry: false });
    client.setQueryData(['poll', 'list', 2], ['Poll 21']);
    client.setQueryData(['wheel', 'list', 1], ['Wheel 1']);
    let calls = 0;
    const { result } = renderHook(() => useResource(['poll', 'list', 1], async () => [`Poll 1 (${++calls})`]), {
      wrapper: wrapper(client),
    });
    await waitFor(() => expect(result.current.data).toEqual(['Poll 1 (1)']));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual(['Poll 1 (2)']));
    expect(client.getQueryState(['poll', 'list', 2])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['wheel', 'list', 1])?.isInvalidated).toBe(false);
  });

  it('calls a 404 or a malformed id missing, anything else a failure in words, and a retry shows the skeleton', async () => {
    const client = createQueryClient({ retry: false });
    const missing = renderHook(
      () => useResource(['poll', 'item', 'x'], () => Promise.reject(new ApiError(404, 'not_found', 'Not found.'))),
      { wrapper: wrapper(client) },
    );
    await waitFor(() => expect(missing.result.current.loaded).toEqual({ state: 'missing' }));

    const item = scripted<string>();
    const failed = renderHook(() => useResource(['wheel', 'item', 'y'], item.load), { wrapper: wrapper(client) });
    act(() => item.pending[0]!.reject(new TypeError('Failed to fetch')));
    await waitFor(() => expect(failed.result.current.loaded.state).toBe('failed'));
    expect(failed.result.current.failure).toMatch(/Failed to fetch/);
    act(() => failed.result.current.reload());
    await waitFor(() => expect(failed.result.current.loaded.state).toBe('loading'));
    act(() => item.pending[1]!.resolve('Wheel'));
    await waitFor(() => expect(failed.result.current.loaded).toEqual({ state: 'ready', data: 'Wheel' }));
    expect(failed.result.current.failure).toBeNull();
  });

  it('does not ask while not enabled (a closed dialog)', () => {
    const client = createQueryClient({ retry: false });
    const invoice = scripted<string>();
    const { result } = renderHook(() => useResource(['invoices', null], invoice.load, { enabled: false }), {
      wrapper: wrapper(client),
    });
    expect(result.current.loaded.state).toBe('loading');
    expect(invoice.pending).toHaveLength(0);
  });

  it('tries a load again when no answer came or the server failed, never when the server refused the request', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(new ApiError(0, 'network', 'offline'))).toBe(true);
    expect(isRetryable(new ApiError(503, 'internal', 'down'))).toBe(true);
    expect(isRetryable(new ApiError(404, 'not_found', 'Not found.'))).toBe(false);
    expect(isRetryable(new ApiError(400, 'validation', 'Bad id.', 'id'))).toBe(false);
    expect(isRetryable(new ApiError(403, 'forbidden', 'No.'))).toBe(false);
  });
});
