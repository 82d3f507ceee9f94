import { PassThrough } from 'node:stream';
import { startHarness, type GatewayHarness } from './gateway-harness';
import { call } from './http-client';
import { RawConnection, requestHead, sleep } from './raw-http';
import { holdingRoute, type Echo } from './stand-ins';
import { within } from './within';

const SIGN_IN_BODY = '{"username":"grace","password":"Chang3!Me"}';

/** A client on a slow line: sends a sign-in request's headers, then its JSON body one byte every 500 ms. */
async function dribbleSignIn(url: string): Promise<{ conn: RawConnection; stop(): void }> {
  const conn = await RawConnection.open(url);
  const body = Buffer.from(SIGN_IN_BODY);
  conn.write(
    requestHead('POST', '/api/login/local', { 'Content-Type': 'application/json', 'Content-Length': body.length }),
  );
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= body.length || !conn.write(body.subarray(sent, sent + 1))) return clearInterval(timer);
    sent++;
  }, 500);
  return { conn, stop: () => clearInterval(timer) };
}

describe('gateway: slow clients', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    // Shorter allowances than the defaults (10 s + size at 64 KiB/s, headers 15 s) keep the test short; the rules are the same.
    h = await startHarness({
      CLIENT_BODY_TIMEOUT_MS: '4000',
      CLIENT_BODY_MIN_RATE: String(1024 * 1024),
      CLIENT_HEADERS_TIMEOUT_MS: '1000',
    });
    h.identity.sessions.set('sess-staff', {
      id: 'u-staff',
      role: 'admin',
      beneficiaryId: null,
      mustChangePassword: false,
    });
  });
  afterAll(() => h.stop());

  it('keeps sign-in and /api/auth/user answering while 70 clients dribble sign-in bodies, then answers those 408', async () => {
    const slow = await Promise.all(Array.from({ length: 70 }, () => dribbleSignIn(h.url)));
    try {
      await sleep(1500);
      const signIn = await within(
        2000,
        'sign-in',
        call(h.url, 'POST', '/api/login/local', {
          headers: { 'content-type': 'application/json' },
          body: SIGN_IN_BODY,
        }),
      );
      expect(signIn.status).toBe(200);
      expect(signIn.headers['set-cookie']).toContain('kcf_sid=fresh-session; Path=/; HttpOnly; SameSite=Lax');
      const user = await within(
        2000,
        'GET /api/auth/user',
        call(h.url, 'GET', '/api/auth/user', { headers: { cookie: 'kcf_sid=sess-staff' } }),
      );
      expect(user.status).toBe(200);
      expect(user.json<Echo>().context).toMatchObject({ userId: 'u-staff' });

      // Each slow client gets 408 once its body is late (4 s here), and a clean close.
      const answers = await Promise.all(slow.map(({ conn }) => conn.answer(15_000)));
      for (const answer of answers) {
        expect(answer.status).toBe(408);
        expect(answer.headers.connection).toBe('close');
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.json()).toMatchObject({ message: expect.any(String) });
      }
      for (const { stop } of slow) stop();
      const endings = await Promise.all(slow.map(({ conn }) => conn.endingWithin(5000)));
      expect(endings.filter((e) => e !== 'end')).toEqual([]);
    } finally {
      for (const { conn, stop } of slow) {
        stop();
        conn.close();
      }
    }
  });

  it('answers 408 and closes cleanly when a large upload, already streaming to the service, stalls', async () => {
    const conn = await RawConnection.open(h.url);
    try {
      // 200 KiB: 4 s + 0.2 s allowed here.
      conn.write(
        requestHead('POST', '/api/documents?beneficiaryId=KCF-000001', {
          'Content-Type': 'application/octet-stream',
          'Content-Length': 200 * 1024,
        }),
      );
      conn.write(Buffer.alloc(100 * 1024, 7));
      const answer = await conn.answer(10_000);
      expect(answer.status).toBe(408);
      expect(answer.headers.connection).toBe('close');
      expect(answer.json()).toMatchObject({ message: expect.any(String) });
      expect(await conn.endingWithin(3000)).toBe('end');
    } finally {
      conn.close();
    }
  });

  it('receives a small chunked body whole and sends it to the service with its length', async () => {
    const body = new PassThrough();
    const pending = call(h.url, 'POST', '/api/login/local-chunked', {
      headers: { 'content-type': 'application/json' },
      body,
    });
    body.write(SIGN_IN_BODY.slice(0, 10));
    await sleep(100);
    body.end(SIGN_IN_BODY.slice(10));
    const seen = (await pending).json<Echo>();
    expect(seen.headers['transfer-encoding']).toBeUndefined();
    expect(seen.headers['content-length']).toBe(String(SIGN_IN_BODY.length));
    expect(seen.bodyBytes).toBe(SIGN_IN_BODY.length);
  });

  it('answers 408 and closes a connection whose request headers do not arrive in time', async () => {
    const conn = await RawConnection.open(h.url);
    try {
      conn.write('POST /api/login/local HTTP/1.1\r\nHost: gateway.test\r\n');
      await sleep(300);
      conn.write('Content-Type: application/json\r\n');
      const answer = await conn.answer(5000);
      expect(answer.status).toBe(408);
      expect(answer.headers.connection).toBe('close');
      expect(answer.json()).toMatchObject({ message: expect.any(String) });
      expect(await conn.endingWithin(3000)).toBe('end');
    } finally {
      conn.close();
    }
  });
});

describe('gateway: sign-in has its own connections to identity', () => {
  const users = holdingRoute('/api/users/held');
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness({}, { identity: [users.route] });
    h.identity.sessions.set('sess-staff', {
      id: 'u-staff',
      role: 'admin',
      beneficiaryId: null,
      mustChangePassword: false,
    });
  });
  afterAll(async () => {
    users.release();
    await h.stop();
  });

  it('signs in and answers /api/auth/user while identity’s other routes hold every connection', async () => {
    const busy = Array.from({ length: 70 }, (_, i) =>
      call(h.url, 'GET', `/api/users/held/${i}`, { headers: { cookie: 'kcf_sid=sess-staff' } }),
    );
    await within(10_000, '64 held /api/users requests', users.waitForHeld(64));
    const signIn = await within(
      2000,
      'sign-in',
      call(h.url, 'POST', '/api/login/local', { headers: { 'content-type': 'application/json' }, body: SIGN_IN_BODY }),
    );
    expect(signIn.status).toBe(200);
    const user = await within(
      2000,
      'GET /api/auth/user',
      call(h.url, 'GET', '/api/auth/user', { headers: { cookie: 'kcf_sid=sess-staff' } }),
    );
    expect(user.status).toBe(200);
    users.release();
    const settled = await Promise.all(busy);
    expect(settled.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
  });
});
