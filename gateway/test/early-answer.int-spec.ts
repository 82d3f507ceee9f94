import { startHarness, type GatewayHarness } from './gateway-harness';
import { multipartUpload, RawConnection, requestHead, sleep } from './raw-http';
import { earlyAnswerRoute, type Echo } from './stand-ins';

/**
 * A service may answer an upload before it has read all of it (401 signed out, 403, 413 too large, 415
 * wrong type). The client is still sending; its connection must stay usable for its next request, or be
 * closed cleanly (FIN, never a reset) when too much is left to read.
 */
describe('gateway: a service answers before the request body is in', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness({}, { beneficiaries: [earlyAnswerRoute], finance: [earlyAnswerRoute] });
  });
  afterAll(() => h.stop());

  it.each([401, 403, 413, 415])('keeps the keep-alive connection working after an early %i to a multipart upload sent in pieces', async (status) => {
    const conn = await RawConnection.open(h.url);
    try {
      // 192 KiB: streamed to the service (larger than what the gateway receives whole first).
      const upload = multipartUpload(192 * 1024, 4);
      conn.write(requestHead('POST', `/api/documents/early/${status}`, { 'Content-Type': upload.contentType, 'Content-Length': upload.length }));
      conn.write(upload.parts[0]);
      const early = await conn.answer(2000);
      expect(early.status).toBe(status);
      expect(early.json()).toMatchObject({ message: `early ${status}` });
      // The browser keeps sending what it had started, with pauses, then reuses the connection.
      for (const part of upload.parts.slice(1)) {
        await sleep(150);
        conn.write(part);
      }
      conn.write(requestHead('GET', '/api/beneficiaries?after=early'));
      const next = await conn.answer(2000);
      expect(next.status).toBe(200);
      expect(next.json<Echo>()).toMatchObject({ upstream: 'beneficiaries', url: '/api/beneficiaries?after=early' });
      expect(conn.ending).toBeNull();
    } finally {
      conn.close();
    }
  });

  it('keeps the connection after an early answer to a small JSON body that arrives in pieces', async () => {
    const conn = await RawConnection.open(h.url);
    try {
      const body = Buffer.from(JSON.stringify({ amount: '100.00', note: 'x'.repeat(2000) }));
      conn.write(requestHead('POST', '/api/income/early/401', { 'Content-Type': 'application/json', 'Content-Length': body.length }));
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
      conn.write(requestHead('POST', '/api/documents/early/415', { 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' }));
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
      const length = 20 * 1024 * 1024;
      conn.write(requestHead('POST', '/api/documents/early/413', { 'Content-Type': 'application/octet-stream', 'Content-Length': length }));
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
});
