/** @jest-environment jsdom */
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { jsonAnswer, simulateConnection } from '@kcf/testing/web';
import { errorMessageOf } from './api-error';
import { apiRequest } from './api-request';
import { OFFLINE_READ_MESSAGE, OFFLINE_SAVE_MESSAGE, OfflineError } from './offline-error';
import { createQueryClient } from './query-client';

// jsdom has no fetch: a fake gateway that answers from a table, or fails like a dropped connection.
type Answer = { status: number; body: unknown } | 'no connection';
const answers = new Map<string, Answer>();
const calls: string[] = [];
const keys: Array<string | undefined> = [];

beforeEach(() => {
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    keys.push((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
    const answer = answers.get(url) ?? { status: 404, body: { message: 'Not found' } };
    if (answer === 'no connection') throw new TypeError('Failed to fetch');
    return jsonAnswer(answer.status, answer.body);
  }) as unknown as typeof fetch;
});

let connection: ReturnType<typeof simulateConnection>;
beforeEach(() => {
  connection = simulateConnection();
});
afterEach(() => {
  connection.restore();
  answers.clear();
  calls.length = 0;
  keys.length = 0;
  delete (globalThis as { fetch?: unknown }).fetch;
});

function setup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

const reads = (url: string) => calls.filter((call) => call === `GET ${url}`).length;

describe('reads while offline', () => {
  it('a read started offline waits without a request or an error, and is made when the connection returns', async () => {
    const { wrapper } = setup();
    answers.set('/api/income', { status: 200, body: [{ id: 'i1' }] });
    connection.goOffline();
    const { result } = renderHook(() => useQuery({ queryKey: ['/api/income'] }), { wrapper });
    await waitFor(() => expect(result.current.fetchStatus).toBe('paused'));
    expect(result.current.isPending).toBe(true);
    expect(calls).toEqual([]);

    act(() => connection.goOnline());
    await waitFor(() => expect(result.current.data).toEqual([{ id: 'i1' }]));
    expect(reads('/api/income')).toBe(1);
  });

  it('a read that loses its connection half-way keeps what is on screen and is made again when it returns', async () => {
    const { client, wrapper } = setup();
    answers.set('/api/budgets', { status: 200, body: ['first'] });
    const { result } = renderHook(() => useQuery({ queryKey: ['/api/budgets'] }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(['first']));

    // The connection drops while a refresh is on its way; the browser reports it just after.
    answers.set('/api/budgets', 'no connection');
    act(() => void client.invalidateQueries({ queryKey: ['/api/budgets'] }));
    await waitFor(() => expect(reads('/api/budgets')).toBe(2));
    act(() => connection.goOffline());
    await waitFor(() => expect(result.current.fetchStatus).toBe('paused'), { timeout: 3000 });
    expect(result.current.status).toBe('success');
    expect(result.current.data).toEqual(['first']);
    expect(result.current.error).toBeNull();

    answers.set('/api/budgets', { status: 200, body: ['second'] });
    act(() => connection.goOnline());
    await waitFor(() => expect(result.current.data).toEqual(['second']));
    expect(result.current.status).toBe('success');
  });

  it('an answer from the server is not retried', async () => {
    const { wrapper } = setup();
    answers.set('/api/users', { status: 500, body: { message: 'Internal error' } });
    const { result } = renderHook(() => useQuery({ queryKey: ['/api/users'] }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(reads('/api/users')).toBe(1);
  });
});

describe('when the connection returns', () => {
  it('reads again the failed reads on screen, not the loaded ones nor those off screen', async () => {
    const { client, wrapper } = setup();
    answers.set('/api/stats', { status: 200, body: { total: 1 } });
    answers.set('/api/gifts', { status: 502, body: { message: 'Bad gateway' } });
    answers.set('/api/hidden', { status: 502, body: { message: 'Bad gateway' } });
    // A failed read that is no longer on screen.
    await client.prefetchQuery({ queryKey: ['/api/hidden'] });
    expect(client.getQueryState(['/api/hidden'])?.status).toBe('error');

    const { result } = renderHook(
      () => ({ stats: useQuery({ queryKey: ['/api/stats'] }), gifts: useQuery({ queryKey: ['/api/gifts'] }) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.gifts.status).toBe('error'));
    await waitFor(() => expect(result.current.stats.status).toBe('success'));
    expect(calls).toEqual(['GET /api/hidden', 'GET /api/stats', 'GET /api/gifts']);

    answers.set('/api/gifts', { status: 200, body: [{ id: 'g1' }] });
    act(() => connection.goOffline());
    act(() => connection.goOnline());
    await waitFor(() => expect(result.current.gifts.data).toEqual([{ id: 'g1' }]));
    expect(calls).toEqual(['GET /api/hidden', 'GET /api/stats', 'GET /api/gifts', 'GET /api/gifts']);
  });
});

describe('saves while offline', () => {
  it('are not sent: they fail at once with a message that says the changes were not saved', async () => {
    const { wrapper } = setup();
    connection.goOffline();
    const { result } = renderHook(
      () => useMutation({ mutationFn: (body: unknown) => apiRequest('POST', '/api/income', body) }),
      { wrapper },
    );
    let failure: unknown;
    await act(async () => {
      failure = await result.current.mutateAsync({ amount: '100' }).catch((err: unknown) => err);
    });
    expect(failure).toBeInstanceOf(OfflineError);
    expect(errorMessageOf(failure, 'Failed to create income')).toBe(OFFLINE_SAVE_MESSAGE);
    expect(result.current.isPaused).toBe(false);
    expect(calls).toEqual([]);

    act(() => connection.goOnline());
    answers.set('/api/income', { status: 201, body: { id: 'i9' } });
    await expect(apiRequest('POST', '/api/income', { amount: '100' })).resolves.toEqual({ id: 'i9' });
  }, 5000);

  it('a read asked for on demand answers at once while offline, without touching what is on screen', async () => {
    const { client } = setup();
    answers.set('/api/dashboard/stats', { status: 200, body: { netBalance: '10.00' } });
    await client.fetchQuery({ queryKey: ['/api/dashboard/stats'] });

    connection.goOffline();
    await expect(client.fetchQuery({ queryKey: ['/api/dashboard/stats'], staleTime: 0 })).rejects.toThrow(
      OFFLINE_READ_MESSAGE,
    );
    // Fresh data needs no network and is still given.
    await expect(client.fetchQuery({ queryKey: ['/api/dashboard/stats'] })).resolves.toEqual({ netBalance: '10.00' });
    expect(client.getQueryState(['/api/dashboard/stats'])).toMatchObject({
      status: 'success',
      data: { netBalance: '10.00' },
    });
    expect(reads('/api/dashboard/stats')).toBe(1);
  }, 5000);

  it('a save that lost its answer is tried again a moment later with the same key', async () => {
    answers.set('/api/income', 'no connection');
    const save = apiRequest('POST', '/api/income', { amount: '100' });
    await waitFor(() => expect(calls).toHaveLength(1));
    answers.set('/api/income', { status: 201, body: { id: 'i10' } });
    await expect(save).resolves.toEqual({ id: 'i10' });
    expect(calls).toEqual(['POST /api/income', 'POST /api/income']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  }, 3000);

  it('stops retrying a save when the browser goes offline meanwhile, and says it is offline', async () => {
    answers.set('/api/income', 'no connection');
    const save = apiRequest('POST', '/api/income', { amount: '100' }).catch((err: unknown) => err);
    await waitFor(() => expect(calls).toHaveLength(1));
    connection.goOffline();
    const failure = await save;
    expect(failure).toBeInstanceOf(OfflineError);
    expect(errorMessageOf(failure, 'Failed to create income')).toBe(OFFLINE_SAVE_MESSAGE);
    expect(calls).toEqual(['POST /api/income']);
  }, 3000);
});
