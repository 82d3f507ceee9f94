import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseGatewayConfig, startGateway, type RunningGateway } from '@kcf/gateway';
import { freePort, setLogDestination, type RunningService } from '@kcf/server-kit';
import { createTestDatabase, deleteJetStreamStream, uniqueName, type TestDatabase } from '@kcf/testing';
import { parseFinanceConfig, startFinanceService } from '@kcf/svc-finance';
import { parseIdentityConfig, startIdentityService } from '@kcf/svc-identity';
import { callGateway, signInAt } from './gateway-calls';

/**
 * Metrics and logs on real servers: identity and finance on PostgreSQL and NATS JetStream behind the gateway,
 * each with its metrics port, their JSON log lines collected. A request's lines carry the same request id at
 * the gateway and at the service, and so does the line of the consumer that handled the event it caused.
 */
jest.setTimeout(120_000);

const SECRET = 'observability-test-secret-'.padEnd(48, 'x');
const ROOT = { username: 'root', password: 'Str0ng!Pass' };
const NATS = 'nats://127.0.0.1:4222';

interface LogLine {
  level: string;
  time: string;
  service: string;
  msg?: string;
  requestId?: string;
  userId?: string;
  consumer?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  [key: string]: unknown;
}

const lines: LogLine[] = [];
const collector = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
    done();
  },
});

let dataDir: string;
let dbs: TestDatabase[] = [];
let identity: RunningService;
let finance: RunningService;
let gateway: RunningGateway;
let root: string;
const place = {
  NATS_URL: NATS,
  NATS_STREAM: `OBS_${uniqueName('obs').replace(/-/g, '_')}`.toUpperCase(),
  NATS_SUBJECT_PREFIX: uniqueName('obs').replace(/-/g, '_'),
};

beforeAll(async () => {
  setLogDestination(collector);
  dataDir = await mkdtemp(join(tmpdir(), 'kcf-obs-'));
  const [identityDb, financeDb] = await Promise.all([
    createTestDatabase('obs_identity'),
    createTestDatabase('obs_finance'),
  ]);
  dbs = [identityDb, financeDb];
  const common = {
    ...place,
    INTERNAL_SECRET: SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'log',
    DATA_DIR: dataDir,
    OUTBOX_POLL_MS: '100',
  };
  identity = await startIdentityService(
    parseIdentityConfig({
      ...common,
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: identityDb.url,
      ADMIN_USERNAME: ROOT.username,
      ADMIN_PASSWORD: ROOT.password,
    }),
    { shutdownHooks: false },
  );
  finance = await startFinanceService(
    parseFinanceConfig({
      ...common,
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: financeDb.url,
      IDENTITY_URL: identity.url,
      BENEFICIARIES_URL: 'http://127.0.0.1:9',
    }),
    { shutdownHooks: false },
  );
  gateway = await startGateway(
    parseGatewayConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: String(await freePort()),
      LOG_LEVEL: 'log',
      INTERNAL_SECRET: SECRET,
      IDENTITY_URL: identity.url,
      BENEFICIARIES_URL: 'http://127.0.0.1:9',
      FINANCE_URL: finance.url,
      SHELL_DIR: join(__dirname, '..', '..', 'shell', 'dist'),
    }),
    { shutdownHooks: false },
  );
  root = await signInAt(gateway.url, ROOT.username, ROOT.password);
});

afterAll(async () => {
  await gateway?.close();
  await finance?.close();
  await identity?.close();
  setLogDestination(null);
  await Promise.all(dbs.map((db) => db.drop()));
  await deleteJetStreamStream(place.NATS_STREAM).catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

async function until<T>(what: string, find: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function scrape(url: string | undefined): Promise<string> {
  const res = await fetch(url!);
  expect(res.status).toBe(200);
  return res.text();
}

/** The series of `name` whose labels include all of `labels`. */
function series(text: string, name: string, labels: Record<string, string>): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .filter((line) => Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)));
}

const today = () => new Date().toISOString().slice(0, 10);

describe('a request through the gateway', () => {
  let requestId: string;
  let incomeId: string;

  beforeAll(async () => {
    const answer = await callGateway(gateway.url, 'POST', '/api/income', {
      session: root,
      json: { amount: '120.00', source: 'Donor', date: today() },
    });
    expect(answer.status).toBe(201);
    requestId = answer.headers.get('x-request-id')!;
    incomeId = (answer.body as { id: string }).id;
    expect((await callGateway(gateway.url, 'GET', `/api/income/${incomeId}`, { session: root })).status).toBe(200);
  });

  it('is logged with the same request id at the gateway and at the service, with route, status, duration and user', async () => {
    const atGateway = await until('the gateway line', () =>
      lines.find((l) => l.service === 'gateway' && l.msg === 'request' && l.requestId === requestId),
    );
    expect(atGateway).toMatchObject({ level: 'info', route: '/api/income', method: 'POST', status: 201 });
    expect(typeof atGateway.durationMs).toBe('number');
    const atService = await until('the service line', () =>
      lines.find((l) => l.service === 'svc-finance' && l.msg === 'request' && l.requestId === requestId),
    );
    expect(atService).toMatchObject({ level: 'info', route: '/api/income', method: 'POST', status: 201 });
    expect(atService.userId).toMatch(/.+/);
    expect(atGateway.userId).toBe(atService.userId);
    expect(typeof atService.time).toBe('string');
  });

  it("gives its id to the event it caused: the consumer's line in another service carries it", async () => {
    const handled = await until('the consumer line', () =>
      lines.find(
        (l) => l.service === 'svc-identity' && l.consumer === 'identity-created-records' && l.msg === 'event handled',
      ),
    );
    expect(handled.requestId).toBe(requestId);
  });

  it("shows in the service's metrics by route template, method and status, with the outbox and pool gauges", async () => {
    const text = await scrape(finance.metricsUrl);
    expect(
      series(text, 'kcf_http_request_duration_seconds_count', {
        service: 'svc-finance',
        method: 'POST',
        route: '/api/income',
        status: '201',
      }),
    ).toHaveLength(1);
    expect(
      series(text, 'kcf_http_request_duration_seconds_bucket', {
        service: 'svc-finance',
        method: 'GET',
        route: '/api/income/:id',
        status: '200',
      }).length,
    ).toBeGreaterThan(1);
    expect(text).not.toContain(incomeId);
    expect(series(text, 'kcf_outbox_backlog', { service: 'svc-finance' })).toHaveLength(1);
    expect(series(text, 'kcf_outbox_oldest_unsent_age_seconds', { service: 'svc-finance' })).toHaveLength(1);
    expect(series(text, 'kcf_db_pool_connections', { service: 'svc-finance', state: 'idle' })).toHaveLength(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{/m);
    expect(text).toMatch(/^process_resident_memory_bytes\{/m);
  });

  it("shows each consumer's lag and redeliveries read from JetStream", async () => {
    const text = await scrape(identity.metricsUrl);
    const lag = series(text, 'kcf_consumer_pending_events', {
      service: 'svc-identity',
      consumer: 'identity-created-records',
    });
    expect(lag).toHaveLength(1);
    expect(lag[0]).toContain('filter="records.created-by"');
    expect(
      series(text, 'kcf_consumer_redelivered_events', {
        service: 'svc-identity',
        consumer: 'identity-created-records',
      }),
    ).toHaveLength(1);
  });

  it("shows the gateway's wait for a connection to the service and its own request series", async () => {
    const text = await scrape(gateway.metricsUrl);
    expect(
      series(text, 'kcf_gateway_upstream_wait_seconds_count', {
        service: 'gateway',
        upstream: 'finance',
        outcome: 'started',
      }),
    ).toHaveLength(1);
    expect(
      series(text, 'kcf_http_request_duration_seconds_count', {
        service: 'gateway',
        method: 'POST',
        route: '/api/income',
        status: '201',
      }),
    ).toHaveLength(1);
    expect(
      series(text, 'kcf_http_request_duration_seconds_count', {
        service: 'gateway',
        method: 'GET',
        route: '/api/income/*',
        status: '200',
      }),
    ).toHaveLength(1);
  });

  it('keeps the metrics off the public port', async () => {
    expect((await callGateway(gateway.url, 'GET', '/metrics')).status).toBe(404);
    expect((await callGateway(gateway.url, 'GET', '/api/metrics', { session: root })).status).toBe(404);
  });
});
