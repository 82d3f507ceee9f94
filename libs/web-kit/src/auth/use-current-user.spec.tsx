/** @jest-environment jsdom */
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import { jsonAnswer, simulateConnection } from '@kcf/testing/web';
import { useCurrentUser } from './use-current-user';

// jsdom has no fetch: answer like the gateway would.
const calls: string[] = [];

function useServer(status: number, body: unknown) {
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    return jsonAnswer(status, body);
  }) as unknown as typeof fetch;
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => {
  calls.length = 0;
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('useCurrentUser', () => {
  it('is loading first, then signed in with the user', async () => {
    useServer(200, { id: 'u1', username: 'wanjiku', role: 'admin' });
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current).toEqual({ user: null, isLoading: true, isAuthenticated: false });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user).toEqual({ id: 'u1', username: 'wanjiku', role: 'admin' });
    expect(calls).toEqual(['/api/auth/user']);
  });

  it('treats a 401 as signed out, asking only once', async () => {
    useServer(401, { message: 'Unauthorized' });
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toEqual({ user: null, isLoading: false, isAuthenticated: false });
    expect(calls).toHaveLength(1);
  });

  it('without a connection is still loading, not signed out, and asks when the connection returns', async () => {
    const connection = simulateConnection();
    try {
      useServer(200, { id: 'u1', username: 'wanjiku', role: 'admin' });
      connection.goOffline();
      const { result } = renderHook(() => useCurrentUser(), { wrapper });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(result.current).toEqual({ user: null, isLoading: true, isAuthenticated: false });
      expect(calls).toEqual([]);
      act(() => connection.goOnline());
      await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    } finally {
      connection.restore();
    }
  });
});
