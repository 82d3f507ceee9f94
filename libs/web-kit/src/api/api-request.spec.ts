/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, errorMessageOf } from './api-error';
import { apiBlob, apiRequest } from './api-request';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** How many requests each path has had in the current test. */
let hits = new Map<string, number>();
const hitCount = (req: IncomingMessage) => hits.get(req.url ?? '') ?? 0;

/** Answers `first` to the first request of a test, then 201 with `{ok: true}`. */
function firstThenCreated(first: Route): Route {
  return (req, res) => {
    if (hitCount(req) === 1) return first(req, res);
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: true, try: hitCount(req) }));
  };
}

function answer(status: number, headers: Record<string, string> = {}): Route {
  return (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify({ message: `answer ${status}` }));
  };
}

/** The connection drops after the request arrived: the server may have done the work, no answer comes. */
const dropConnection: Route = (req) => {
  req.socket.destroy();
};

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
  '/dropped-once': firstThenCreated(dropConnection),
  '/always-dropped': dropConnection,
  '/502-once': firstThenCreated(answer(502)),
  '/503-once': firstThenCreated(answer(503)),
  '/504-once': firstThenCreated(answer(504)),
  '/409-busy-once': firstThenCreated(answer(409, { 'Retry-After': '1' })),
  '/503-busy-once': firstThenCreated(answer(503, { 'Retry-After': '30' })),
  '/always-503': answer(503),
  '/400': answer(400),
  '/401': answer(401),
  '/403': answer(403),
  '/404': answer(404),
  '/409': answer(409),
  '/422': answer(422),
  '/500': answer(500),
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
      hits.set(req.url ?? '', hitCount(req) + 1);
      const key = req.headers['idempotency-key'];
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        idempotencyKey: Array.isArray(key) ? key.join(',') : key,
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
  hits = new Map();
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
  it("gives a JSON error the server's message, without its status, and keeps the status and the parsed body", async () => {
    const err = await failureOf(apiRequest('POST', `${base}/json-error`, { fullName: '' }));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Full name is required');
    expect(err.body).toEqual({ message: 'Full name is required' });
    expect(errorMessageOf(err, 'Failed to create beneficiary')).toBe('Full name is required');
  });

  it('gives a text error a plain sentence for its status, never the raw text or the code', async () => {
    const err = await failureOf(apiRequest('GET', `${base}/text-error`));
    expect(err.status).toBe(500);
    expect(err.message).toBe('The server could not answer. Please try again.');
    expect(errorMessageOf(err, 'Failed to load')).toBe('Failed to load');
  });

  it('gives an empty error body a plain sentence for its status', async () => {
    const err = await failureOf(apiRequest('DELETE', `${base}/empty-error`));
    expect(err.message).toBe('It could not be found.');
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

    expect(Object.keys(fetchInits[0]?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain('content-type');
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
    expect(err.message).toBe('It could not be found.');
  });
});

describe('saves that got no answer, or a passing failure, are retried with one Idempotency-Key', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  let waits: number[];
  // The waits between tries are recorded instead of slept.
  const noSleep = { waitBeforeRetry: async (ms: number) => void waits.push(ms) };
  beforeEach(() => {
    waits = [];
  });

  it('a save whose connection dropped is sent again with the same key and body, and resolves with the second answer', async () => {
    const result = await apiRequest(
      'POST',
      `${base}/dropped-once`,
      { amount: '100', source: 'Church harambee' },
      noSleep,
    );
    expect(result).toEqual({ ok: true, try: 2 });
    expect(seen).toHaveLength(2);
    expect(seen[0].idempotencyKey).toMatch(UUID_V4);
    expect(seen[1].idempotencyKey).toBe(seen[0].idempotencyKey);
    expect(seen.map((s) => s.body)).toEqual([
      '{"amount":"100","source":"Church harambee"}',
      '{"amount":"100","source":"Church harambee"}',
    ]);
    expect(seen.map((s) => s.contentType)).toEqual(['application/json', 'application/json']);
    expect(waits).toEqual([500]);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('a %s is retried the same way', async (method) => {
    await expect(apiRequest(method, `${base}/dropped-once`, undefined, noSleep)).resolves.toEqual({ ok: true, try: 2 });
    expect(seen.map((s) => s.method)).toEqual([method, method]);
    expect(seen[0].idempotencyKey).toMatch(UUID_V4);
    expect(seen[1].idempotencyKey).toBe(seen[0].idempotencyKey);
  });

  it.each([502, 503, 504])('an answer of %i is retried with the same key', async (status) => {
    await expect(apiRequest('POST', `${base}/${status}-once`, { a: 1 }, noSleep)).resolves.toEqual({
      ok: true,
      try: 2,
    });
    expect(seen).toHaveLength(2);
    expect(seen[1].idempotencyKey).toBe(seen[0].idempotencyKey);
    expect(seen[1].body).toBe(seen[0].body);
    expect(waits).toEqual([500]);
  });

  it('a 409 with Retry-After (the first try is still running) is retried after the wait it asks for', async () => {
    await expect(apiRequest('POST', `${base}/409-busy-once`, { a: 1 }, noSleep)).resolves.toEqual({ ok: true, try: 2 });
    expect(seen[1].idempotencyKey).toBe(seen[0].idempotencyKey);
    expect(waits).toEqual([1000]);
  });

  it('a long Retry-After is capped at a few seconds', async () => {
    await expect(apiRequest('POST', `${base}/503-busy-once`, { a: 1 }, noSleep)).resolves.toEqual({ ok: true, try: 2 });
    expect(waits).toEqual([5000]);
  });

  it.each([400, 401, 403, 404, 409, 422, 500])('an answer of %i is not retried', async (status) => {
    const err = await failureOf(apiRequest('POST', `${base}/${status}`, { a: 1 }, noSleep));
    expect(err.status).toBe(status);
    expect(err.message).toBe(`answer ${status}`);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('gives up after 4 retries, backing off 0.5, 1, 2 and 4 s, and throws the last answer as before', async () => {
    const err = await failureOf(apiRequest('PUT', `${base}/always-503`, { a: 1 }, noSleep));
    expect(err.status).toBe(503);
    expect(err.message).toBe('answer 503');
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((s) => s.idempotencyKey)).size).toBe(1);
    expect(waits).toEqual([500, 1000, 2000, 4000]);
  });

  it('a connection that keeps dropping fails with the network error after the last try', async () => {
    const failure = await apiRequest('POST', `${base}/always-dropped`, { a: 1 }, noSleep).catch((err: unknown) => err);
    expect((failure as Error).name).toBe('TypeError'); // node's fetch throws another realm's TypeError
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((s) => s.idempotencyKey)).size).toBe(1);
  });

  it('each save has its own key', async () => {
    await apiRequest('POST', `${base}/echo`, { a: 1 });
    await apiRequest('POST', `${base}/echo`, { a: 1 });
    expect(seen[0].idempotencyKey).toMatch(UUID_V4);
    expect(seen[1].idempotencyKey).toMatch(UUID_V4);
    expect(seen[1].idempotencyKey).not.toBe(seen[0].idempotencyKey);
  });

  it('makes the key from crypto.getRandomValues (crypto.randomUUID is missing on plain-http addresses)', async () => {
    const random = jest.spyOn(globalThis.crypto, 'getRandomValues');
    const uuid = jest.spyOn(globalThis.crypto, 'randomUUID').mockImplementation(() => {
      throw new Error('randomUUID is not available here');
    });
    try {
      await apiRequest('DELETE', `${base}/no-content`);
      expect(random).toHaveBeenCalled();
      expect(uuid).not.toHaveBeenCalled();
      expect(seen[0].idempotencyKey).toMatch(UUID_V4);
    } finally {
      random.mockRestore();
      uuid.mockRestore();
    }
  });

  it('a multipart FormData save is sent again intact', async () => {
    const form = new FormData();
    form.append('amount', '2500.50');
    form.append('source', 'Rotary Club Kakamega');
    form.append('receipt', new Blob(['%PDF-1.4 receipt'], { type: 'application/pdf' }), 'receipt.pdf');
    await expect(apiRequest('POST', `${base}/dropped-once`, form, noSleep)).resolves.toEqual({ ok: true, try: 2 });

    expect(seen).toHaveLength(2);
    expect(seen[1].idempotencyKey).toBe(seen[0].idempotencyKey);
    // Each send may draw its own boundary; the parts are the same.
    const parts = (s: Seen) => {
      const boundary = /boundary=(.+)$/.exec(s.contentType ?? '')?.[1] ?? 'none';
      return s.body.split(boundary).join('BOUNDARY');
    };
    expect(parts(seen[1])).toBe(parts(seen[0]));
    expect(seen[1].body).toContain('Rotary Club Kakamega');
    expect(seen[1].body).toContain('filename="receipt.pdf"');
    expect(seen[1].body).toContain('%PDF-1.4 receipt');
  });

  it('a save cancelled while it waits is not tried again', async () => {
    const controller = new AbortController();
    const failure = await apiRequest(
      'POST',
      `${base}/always-503`,
      { a: 1 },
      {
        signal: controller.signal,
        waitBeforeRetry: async () => controller.abort(),
      },
    ).catch((err: unknown) => err);
    expect((failure as Error).name).toBe('AbortError');
    expect(seen).toHaveLength(1);
  });

  it('reads carry no key and keep their own rules (not retried here)', async () => {
    const err = await failureOf(apiRequest('GET', `${base}/always-503`, undefined, noSleep));
    expect(err.status).toBe(503);
    const dropped = await apiRequest('GET', `${base}/always-dropped`, undefined, noSleep).catch((e: unknown) => e);
    expect((dropped as Error).name).toBe('TypeError');
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => s.idempotencyKey)).toEqual([undefined, undefined]);
    expect(waits).toEqual([]);
  });
});
