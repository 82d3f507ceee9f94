import { Writable } from 'node:stream';
import { createLogger, setLogDestination } from './logger';
import { runWithLogContext } from './log-context';
import type { ArgumentsHost } from '@nestjs/common';
import { GlobalExceptionFilter } from '../errors/global-exception.filter';
import { PinoNestLogger, useProcessLogger } from './nest-logger';

const written: string[] = [];
const collector = new Writable({
  write(chunk: Buffer, _encoding, done) {
    written.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

const PASSWORD = 'Sup3r!Secret-pass';
const COOKIE = 'kcf_sid=8f14e45fceea167a5a36dedd4bea2543';
const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.secret-token';
const CHILD = 'Imani Chebet';

beforeAll(() => setLogDestination(collector));
afterAll(() => setLogDestination(null));
beforeEach(() => written.splice(0));

function expectNoSecret(): void {
  const text = written.join('\n');
  expect(written.length).toBeGreaterThan(0);
  for (const secret of [PASSWORD, COOKIE, BEARER, 'secret-token', 'Imani', 'Chebet'])
    expect(text).not.toContain(secret);
}

describe('a log line', () => {
  it('never carries a password, a cookie, an authorization header or a child’s name', () => {
    const log = createLogger('svc-test', 'debug');
    log.info({ password: PASSWORD, newPassword: PASSWORD, currentPassword: PASSWORD }, 'sign-in');
    log.info({ req: { headers: { cookie: COOKIE, authorization: BEARER, 'set-cookie': COOKIE } } }, 'request');
    log.info(
      { headers: { cookie: COOKIE, authorization: BEARER }, res: { headers: { 'set-cookie': COOKIE } } },
      'answer',
    );
    log.info({ body: { username: 'okoth', password: PASSWORD } }, 'body');
    log.info({ req: { body: { password: PASSWORD } } }, 'request body');
    log.info(
      {
        user: { password: PASSWORD, token: BEARER },
        child: { firstName: 'Imani', lastName: 'Chebet', fullName: CHILD },
      },
      'nested',
    );
    expectNoSecret();
    expect(JSON.parse(written[0])).toMatchObject({
      level: 'info',
      service: 'svc-test',
      msg: 'sign-in',
      password: '[redacted]',
    });
  });

  it('keeps redacting what Nest’s Logger is given', () => {
    const nest = new PinoNestLogger('svc-test', 'log');
    nest.log({ msg: 'signed in', password: PASSWORD, headers: { cookie: COOKIE, authorization: BEARER } }, 'Auth');
    nest.warn({ token: BEARER, firstName: 'Imani' }, 'Auth');
    expectNoSecret();
    expect(JSON.parse(written[0])).toMatchObject({ level: 'info', context: 'Auth', msg: 'signed in' });
  });

  it('carries level, time, service, request id and user id while a request is handled, and follows LOG_LEVEL', () => {
    const log = createLogger('svc-test', 'warn');
    runWithLogContext({ service: 'svc-finance', requestId: 'req-12345678', req: { user: { userId: 'u-1' } } }, () => {
      log.info('not at warn');
      log.warn('at warn');
    });
    expect(written).toHaveLength(1);
    const line = JSON.parse(written[0]);
    expect(line).toMatchObject({
      level: 'warn',
      service: 'svc-finance',
      requestId: 'req-12345678',
      userId: 'u-1',
      msg: 'at warn',
    });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });
});

describe('the log line of a failed request', () => {
  it('names its path without the query, which may hold a search for a child’s name', () => {
    useProcessLogger('svc-test', 'error');
    const res = {
      headersSent: false,
      getHeader: () => 'req-12345678',
      setHeader: () => undefined,
      status: () => ({ json: () => undefined }),
      end: () => undefined,
    };
    const req = { method: 'GET', originalUrl: '/api/beneficiaries?search=Imani%20Chebet', headers: { cookie: COOKIE } };
    const host = {
      switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
    } as unknown as ArgumentsHost;
    new GlobalExceptionFilter().catch(new Error('relation "x" does not exist'), host);
    expectNoSecret();
    expect(JSON.parse(written[0])).toMatchObject({
      level: 'error',
      context: 'Errors',
      msg: 'GET /api/beneficiaries -> 500 [req-12345678]',
    });
  });
});
