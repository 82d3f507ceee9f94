/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { getQueryFn, urlFromQueryKey } from './query-fn';

let server: Server;
let base: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(`${req.method} ${req.url}`);
    if (req.url === '/api/auth/user') {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Unauthorized' }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requested.length = 0;
});

function fetchWith(queryKey: readonly unknown[], on401: 'throw' | 'returnNull') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery({ queryKey, queryFn: getQueryFn<unknown>({ on401 }) });
}

describe('getQueryFn', () => {
  it("GETs the key's segments joined with '/' and parses the JSON", async () => {
    await expect(fetchWith([`${base}/api/beneficiaries`, 'KCF-000123', 'documents'], 'throw')).resolves.toEqual({
      path: '/api/beneficiaries/KCF-000123/documents',
    });
    expect(requested).toEqual(['GET /api/beneficiaries/KCF-000123/documents']);
  });

  it('turns a 401 into null when asked to (the current user)', async () => {
    await expect(fetchWith([`${base}/api/auth/user`], 'returnNull')).resolves.toBeNull();
  });

  it('throws the 401 otherwise', async () => {
    const failure = fetchWith([`${base}/api/auth/user`], 'throw');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
  });
});

describe('urlFromQueryKey', () => {
  it('joins plain segments', () => {
    expect(urlFromQueryKey(['/api/budgets'])).toBe('/api/budgets');
    expect(urlFromQueryKey(['/api/beneficiaries', 'KCF-000001', 'school-fees'])).toBe(
      '/api/beneficiaries/KCF-000001/school-fees',
    );
  });

  it('turns a trailing object into the query string, leaving out empty values', () => {
    expect(
      urlFromQueryKey([
        '/api/beneficiaries',
        { search: 'Amani W', county: 'kakamega', schoolStatus: undefined, specialNeeds: '' },
      ]),
    ).toBe('/api/beneficiaries?search=Amani+W&county=kakamega');
    expect(urlFromQueryKey(['/api/beneficiaries', {}])).toBe('/api/beneficiaries');
  });
});
