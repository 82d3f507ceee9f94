import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { startHarness, type GatewayHarness } from './gateway-harness';
import { RawConnection, sleep } from './raw-http';
import { holdingRoute } from './stand-ins';
import { within } from './within';

interface Answer {
  status: number;
  connection: string | undefined;
}

/** A GET over a keep-alive agent (as a browser would reuse its connections). */
function get(base: string, path: string, agent: Agent): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function connectionRefused(base: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('gateway: graceful shutdown', () => {
  const held = holdingRoute('/api/beneficiaries/held');
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness({}, { beneficiaries: [held.route] });
  });
  afterAll(async () => {
    held.release();
    await h.stop();
  });

  it('finishes the 50 requests in flight, refuses new connections and reports not ready while closing', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    try {
      // Warm connections, kept alive and idle when the shutdown starts.
      expect((await get(h.url, '/api/income', agent)).status).toBe(200);
      const inFlight = Array.from({ length: 50 }, (_, i) =>
        get(h.url, `/api/beneficiaries/held/${i}`, agent).catch((error: Error): Answer => ({
          status: 0,
          connection: error.message,
        })),
      );
      await within(10_000, '50 held requests', held.waitForHeld(50));
      // A readiness probe whose request is arriving when the shutdown starts.
      const probe = await RawConnection.open(h.url);
      probe.write('GET /health/ready HTTP/1.1\r\nHost: gateway.test\r\n');
      await sleep(100);

      const closing = h.gateway.close();
      await sleep(200);
      probe.write('\r\n');
      const ready = await probe.answer(2000);
      expect(ready.status).toBe(503);
      expect(ready.headers.connection).toBe('close');
      expect(await connectionRefused(h.url)).toBe('ECONNREFUSED');

      held.release();
      const answers = await within(5000, 'the 50 held requests', Promise.all(inFlight));
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      // Kept-alive connections are told they end with these answers.
      expect(answers.filter((a) => a.connection !== 'close')).toEqual([]);
      await within(5000, 'close()', closing);
      expect(await connectionRefused(h.url)).toBe('ECONNREFUSED');
    } finally {
      agent.destroy();
    }
  });
});

describe('gateway: shutdown grace period', () => {
  const held = holdingRoute('/api/income/held');
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness({ SHUTDOWN_GRACE_MS: '500' }, { finance: [held.route] });
  });
  afterAll(async () => {
    held.release();
    await h.stop();
  });

  it('stops waiting for a request that outlasts the grace period', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const stuck = get(h.url, '/api/income/held/1', agent).catch(
        (error: NodeJS.ErrnoException) => error.code ?? error.message,
      );
      await within(5000, 'held request', held.waitForHeld(1));
      await within(5000, 'close() with a 500 ms grace period', h.gateway.close());
      // Its connection was closed without an answer (the client sees an error, e.g. "socket hang up").
      expect(await within(2000, 'the stuck client', stuck)).toEqual(expect.any(String));
    } finally {
      agent.destroy();
    }
  });
});
