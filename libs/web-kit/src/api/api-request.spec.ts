/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, errorMessageOf } from './api-error';
import { apiBlob, apiRequest } from './api-request';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

type Route = (req: IncomingMessage, res: ServerResponse) => void;

const routes: Record<string, Route> = {
  '/json-error': (_req, res) => {
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: 'Full name is required' }));
  },
  '/text-error': (_req, res) => {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('database unavailable');
  },
  '/empty-error': (_req, res) => {
    res.writeHead(404, 'Not Found');
    res.end();
  },
  '/no-content': (_req, res) => {
    res.writeHead(204);
    res.end();
  },
  '/json': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ id: 'KCF-000123', fullName: 'Amani Wekesa' }));
  },
  '/echo': (_req, res) => {
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: true }));
  },
  '/file': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    res.end('%PDF-1.4 fake');
  },
};

let server: Server;
let base: string;
let seen: Seen[] = [];
const realFetch = globalThis.fetch;
let fetchInits: Array<RequestInit | undefined> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      (routes[req.url ?? ''] ?? routes['/empty-error'])(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  fetchInits = [];
  // Records what the client asked fetch for, then makes the real request.
  globalThis.fetch = (input, init) => {
    fetchInits.push(init);
    return realFetch(input, init);
  };
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('turns a JSON error into "<status>: <body text>" and keeps the parsed body', async () => {
    const err = await failureOf(apiRequest('POST', `${base}/json-error`, { fullName: '' }));
    expect(err.status).toBe(400);
    expect(err.message).toBe('400: {"message":"Full name is required"}');
    expect(err.body).toEqual({ message: 'Full name is required' });
    expect(errorMessageOf(err, 'Failed to create beneficiary')).toBe('Full name is required');
  });

  it('turns a text error into "<status>: <text>"', async () => {
    const err = await failureOf(apiRequest('GET', `${base}/text-error`));
    expect(err.message).toBe('500: database unavailable');
    expect(errorMessageOf(err, 'Failed to load')).toBe('Failed to load');
  });

  it('uses the status text when the error body is empty', async () => {
    const err = await failureOf(apiRequest('DELETE', `${base}/empty-error`));
    expect(err.message).toBe('404: Not Found');
  });

  it('resolves a 204 to undefined', async () => {
    await expect(apiRequest('DELETE', `${base}/no-content`)).resolves.toBeUndefined();
  });

  it('parses a JSON answer', async () => {
    await expect(apiRequest('GET', `${base}/json`)).resolves.toEqual({ id: 'KCF-000123', fullName: 'Amani Wekesa' });
  });

  it('sends a JSON body with a JSON content type', async () => {
    await apiRequest('PUT', `${base}/echo`, { plannedAmount: 1500, notes: 'Term fees' });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      contentType: 'application/json',
      body: '{"plannedAmount":1500,"notes":"Term fees"}',
    });
  });

  it('sends no body and no content type when there is no body', async () => {
    await apiRequest('POST', `${base}/echo`);
    expect(seen[0].contentType).toBeUndefined();
    expect(seen[0].body).toBe('');
  });

  it('sends FormData as multipart, leaving the content type (and its boundary) to fetch', async () => {
    const form = new FormData();
    form.append('source', 'Church harambee');
    form.append('receipt', new Blob(['%PDF'], { type: 'application/pdf' }), 'receipt.pdf');
    await apiRequest('POST', `${base}/echo`, form);

    expect(fetchInits[0]?.headers).toBeUndefined();
    expect(seen[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('Church harambee');
    expect(seen[0].body).toContain('filename="receipt.pdf"');
  });

  it('always asks for the session cookies to travel', async () => {
    await apiRequest('GET', `${base}/json`);
    await apiRequest('POST', `${base}/echo`, { a: 1 });
    await apiBlob(`${base}/file`);
    expect(fetchInits.map((init) => init?.credentials)).toEqual(['include', 'include', 'include']);
  });
});

describe('apiBlob', () => {
  it('resolves a file as a Blob and fails like apiRequest', async () => {
    const blob = await apiBlob(`${base}/file`);
    expect(await blob.text()).toBe('%PDF-1.4 fake');
    const err = await failureOf(apiBlob(`${base}/empty-error`));
    expect(err.message).toBe('404: Not Found');
  });
});
