import { startHarness, type GatewayHarness } from './gateway-harness';
import { multipartUpload, RawConnection, requestHead, sleep } from './raw-http';
import { EARLY_ANSWER_HEADER, earlyAnswerRoute, type Echo } from './stand-ins';

/**
 * A service may answer an upload before it has read all of it (401 signed out, 403, 413 too large, 415
 * wrong type). The client is still sending; its connection must stay usable for its next request, or be
 * closed cleanly (FIN, never a reset) when too much is left to read. The requests go through the
 * gateway's own route table to stand-ins of the services, on the product's real paths.
 */

/** Every route of the product that takes a multipart form (FileInterceptor, UploadInterceptor, NoFilesInterceptor in the services). */
const FORM_ROUTES: [method: string, path: string, upstream: 'beneficiaries' | 'finance'][] = [
  ['POST', '/api/beneficiaries', 'beneficiaries'],
  ['PUT', '/api/beneficiaries/KCF-000001', 'beneficiaries'],
  ['POST', '/api/beneficiaries/KCF-000001/photo', 'beneficiaries'],
  ['POST', '/api/beneficiaries/KCF-000001/documents', 'beneficiaries'],
  ['POST', '/api/gifts', 'beneficiaries'],
  ['PUT', '/api/gifts/6f0c2a4e-0000-4000-8000-000000000001', 'beneficiaries'],
  ['POST', '/api/income', 'finance'],
  ['PUT', '/api/income/6f0c2a4e-0000-4000-8000-000000000002', 'finance'],
  ['POST', '/api/expenses', 'finance'],
  ['PUT', '/api/expenses/6f0c2a4e-0000-4000-8000-000000000003', 'finance'],
];
const EARLY_STATUSES = [401, 403, 413, 415];
const MiB = 1024 * 1024;

describe('gateway: a service answers before the request body is in', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness(
      {},
      { beneficiaries: [earlyAnswerRoute('beneficiaries')], finance: [earlyAnswerRoute('finance')] },
    );
  });
  afterAll(() => h.stop());

  const cases = FORM_ROUTES.flatMap(([method, path, upstream]) =>
    EARLY_STATUSES.map((status) => ({ method, path, upstream, status })),
  );

  it.each(cases)(
    '$method $path: after an early $status to an upload sent in pieces, the connection carries the next request',
    async ({ method, path, upstream, status }) => {
      const conn = await RawConnection.open(h.url);
      try {
        // 192 KiB: streamed to the service (larger than what the gateway receives whole first), in four writes.
        const upload = multipartUpload(192 * 1024, 4);
        conn.write(
          requestHead(method, path, {
            'Content-Type': upload.contentType,
            'Content-Length': upload.length,
            [EARLY_ANSWER_HEADER]: status,
          }),
        );
        conn.write(upload.parts[0]);
        const early = await conn.answer(2000);
        expect(early.status).toBe(status);
        expect(early.json()).toEqual({ message: `early ${status}`, upstream, url: path });
        expect(early.headers.connection).not.toBe('close');
        // The browser keeps sending what it had started, with pauses, then reuses the connection.
        for (const part of upload.parts.slice(1)) {
          await sleep(80);
          conn.write(part);
        }
        conn.write(requestHead('GET', `${path}?after=early`));
        const next = await conn.answer(2000);
        expect(next.status).toBe(200);
        expect(next.json<Echo>()).toMatchObject({ upstream, url: `${path}?after=early` });
        expect(conn.ending).toBeNull();
      } finally {
        conn.close();
      }
    },
  );

  it('keeps the connection after an early answer to a small JSON body that arrives in pieces', async () => {
    const conn = await RawConnection.open(h.url);
    try {
      const body = Buffer.from(JSON.stringify({ amount: '100.00', note: 'x'.repeat(2000) }));
      conn.write(
        requestHead('POST', '/api/income', {
          'Content-Type': 'application/json',
          'Content-Length': body.length,
          [EARLY_ANSWER_HEADER]: 401,
        }),
      );
      conn.write(body.subarray(0, 700));
      await sleep(150);
      conn.write(body.subarray(700, 1400));
      await sleep(150);
      conn.write(body.subarray(1400));
      expect((await conn.answer(2000)).status).toBe(401);
      conn.write(requestHead('GET', '/api/income'));
      expect((await conn.answer(2000)).json<Echo>()).toMatchObject({ upstream: 'finance', url: '/api/income' });
    } finally {
      conn.close();
    }
  });

  it('closes with FIN after an early answer to a large chunked upload (how much is left is unknown)', async () => {
    const conn = await RawConnection.open(h.url);
    try {
      conn.write(
        requestHead('POST', '/api/beneficiaries/KCF-000001/documents', {
          'Content-Type': 'application/octet-stream',
          'Transfer-Encoding': 'chunked',
          [EARLY_ANSWER_HEADER]: 415,
        }),
      );
      const chunk = Buffer.alloc(96 * 1024, 3);
      conn.write(`${chunk.length.toString(16)}\r\n`);
      conn.write(chunk);
      conn.write('\r\n');
      const early = await conn.answer(2000);
      expect(early.status).toBe(415);
      expect(early.headers.connection).toBe('close');
      expect(await conn.endingWithin(3000)).toBe('end');
    } finally {
      conn.close();
    }
  });

  it('closes with FIN, not a reset, when more is left to read than the gateway drains', async () => {
    const conn = await RawConnection.open(h.url);
    try {
      // 20 MiB announced (beyond the largest upload of the product plus headroom), 256 KiB sent.
      const length = 20 * MiB;
      conn.write(
        requestHead('POST', '/api/beneficiaries/KCF-000001/documents', {
          'Content-Type': 'application/octet-stream',
          'Content-Length': length,
          [EARLY_ANSWER_HEADER]: 413,
        }),
      );
      conn.write(Buffer.alloc(128 * 1024, 1));
      await sleep(100);
      conn.write(Buffer.alloc(128 * 1024, 2));
      const early = await conn.answer(2000);
      expect(early.status).toBe(413);
      expect(early.headers.connection).toBe('close');
      // The client stops sending once it has read the answer; the gateway has sent FIN after it.
      expect(await conn.endingWithin(3000)).toBe('end');
    } finally {
      conn.close();
    }
  });

  describe("drains no more than the route's largest body", () => {
    /** 3 MiB: over a photo's form (1 MB + the form allowance), well within a receipt's (10 MB) and the gateway's 12 MiB. */
    const length = 3 * MiB;

    it('closes with FIN after an early 413 to a photo upload larger than any photo form', async () => {
      const conn = await RawConnection.open(h.url);
      try {
        conn.write(
          requestHead('POST', '/api/beneficiaries/KCF-000001/photo', {
            'Content-Type': 'application/octet-stream',
            'Content-Length': length,
            [EARLY_ANSWER_HEADER]: 413,
          }),
        );
        conn.write(Buffer.alloc(128 * 1024, 1));
        await sleep(100);
        conn.write(Buffer.alloc(128 * 1024, 2));
        const early = await conn.answer(2000);
        expect(early.status).toBe(413);
        expect(early.headers.connection).toBe('close');
        expect(await conn.endingWithin(3000)).toBe('end');
      } finally {
        conn.close();
      }
    });

    it('keeps the connection after an early 413 to a receipt upload of the same size, reading the rest', async () => {
      const conn = await RawConnection.open(h.url);
      try {
        conn.write(
          requestHead('POST', '/api/expenses', {
            'Content-Type': 'application/octet-stream',
            'Content-Length': length,
            [EARLY_ANSWER_HEADER]: 413,
          }),
        );
        conn.write(Buffer.alloc(256 * 1024, 1));
        const early = await conn.answer(2000);
        expect(early.status).toBe(413);
        expect(early.headers.connection).not.toBe('close');
        for (let sent = 256 * 1024; sent < length; sent += 256 * 1024) {
          conn.write(Buffer.alloc(Math.min(256 * 1024, length - sent), 2));
          if (sent % MiB === 0) await sleep(50);
        }
        conn.write(requestHead('GET', '/api/expenses'));
        expect((await conn.answer(3000)).json<Echo>()).toMatchObject({ upstream: 'finance', url: '/api/expenses' });
        expect(conn.ending).toBeNull();
      } finally {
        conn.close();
      }
    });
  });
});
