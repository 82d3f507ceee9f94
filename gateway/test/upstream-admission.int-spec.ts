import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@kcf/testing';
import { parseGatewayConfig, startGateway, type RunningGateway } from '../src';
import { startHarness, type GatewayHarness } from './gateway-harness';
import { call } from './http-client';
import { holdingRoute, json, SECRET } from './stand-ins';
import { within } from './within';

describe('gateway: waiting for a connection to a busy service', () => {
  const expenses = holdingRoute('/api/expenses/held');
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness(
      { UPSTREAM_CONNECTIONS: '2', UPSTREAM_QUEUE_TIMEOUT_MS: '300' },
      { finance: [expenses.route] },
    );
  });
  afterAll(async () => {
    expenses.release();
    await h.stop();
  });

  it('answers 503 with Retry-After when every connection stays busy beyond the queue time, other services unaffected', async () => {
    const held = [call(h.url, 'GET', '/api/expenses/held/1'), call(h.url, 'GET', '/api/expenses/held/2')];
    await within(5000, 'two held requests', expenses.waitForHeld(2));

    const refused = await within(2000, 'third finance request', call(h.url, 'GET', '/api/expenses?limit=20'));
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json()).toMatchObject({ message: expect.any(String) });

    const otherDomain = await within(2000, 'beneficiaries', call(h.url, 'GET', '/api/beneficiaries'));
    expect(otherDomain.status).toBe(200);

    expenses.release();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    // The connections are free again.
    expect((await within(2000, 'finance after release', call(h.url, 'GET', '/api/expenses'))).status).toBe(200);
  });
});

describe('gateway: a service’s own 503', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness(
      {},
      {
        beneficiaries: [
          (req, res) => {
            if (req.url !== '/api/gifts/maintenance') return false;
            json(
              res,
              503,
              { message: 'Down for maintenance' },
              { 'retry-after': '120', 'idempotency-replayed': 'true' },
            );
            return true;
          },
        ],
      },
    );
  });
  afterAll(() => h.stop());

  it('passes the service’s Retry-After and Idempotency-Replayed through untouched', async () => {
    const res = await call(h.url, 'POST', '/api/gifts/maintenance', {
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k-9' },
      body: '{}',
    });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('120');
    expect(res.headers['idempotency-replayed']).toBe('true');
    expect(res.json()).toMatchObject({ message: 'Down for maintenance' });
  });
});

describe('gateway: a service that cannot be reached, or fails after the request was sent', () => {
  let dropper: Server;
  let gateway: RunningGateway;
  beforeAll(async () => {
    // Reads the request, then drops the connection without answering: the outcome is unknown.
    dropper = createServer((req) => req.socket.destroy());
    dropper.listen(0, '127.0.0.1');
    await once(dropper, 'listening');
    const deadPort = await freePort();
    gateway = await startGateway(
      parseGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        INTERNAL_SECRET: SECRET,
        IDENTITY_URL: `http://127.0.0.1:${deadPort}`,
        BENEFICIARIES_URL: `http://127.0.0.1:${deadPort}`,
        FINANCE_URL: `http://127.0.0.1:${(dropper.address() as AddressInfo).port}`,
        LOG_LEVEL: 'error',
      }),
      { shutdownHooks: false },
    );
  });
  afterAll(async () => {
    await gateway.close();
    dropper.close();
  });

  it('answers 503 with Retry-After when the connection could not be made (the service never got the request)', async () => {
    for (const [method, path] of [
      ['GET', '/api/beneficiaries'],
      ['POST', '/api/beneficiaries'],
    ]) {
      const res = await call(gateway.url, method, path, {
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{"a":1}' : undefined,
      });
      expect([method, res.status]).toEqual([method, 503]);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });

  it('answers 502 when the request was sent and the connection then failed', async () => {
    const res = await call(gateway.url, 'POST', '/api/income', {
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      body: '{"amount":"5.00"}',
    });
    expect(res.status).toBe(502);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });
});
