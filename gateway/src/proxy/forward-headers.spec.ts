import { buildClientHeaders, buildUpstreamHeaders } from './forward-headers';

const forwarded = { remoteAddress: '10.0.0.9', trustIncoming: false, proto: 'https', host: 'kcf.example.org' };

describe('buildUpstreamHeaders', () => {
  it('drops hop-by-hop headers, those the Connection header names, and every x-kcf-* header', () => {
    const out = buildUpstreamHeaders(
      {
        host: 'kcf.example.org',
        connection: 'keep-alive, x-secret-hop',
        'x-secret-hop': '1',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        expect: '100-continue',
        'x-kcf-user': 'forged',
        'x-kcf-signature': 'forged',
        'content-type': 'application/json',
        accept: 'application/json',
      },
      forwarded,
      {},
      { keepCookie: true },
    );
    expect(out).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-forwarded-for': '10.0.0.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'kcf.example.org',
    });
  });

  it('keeps the cookie only when asked, and the gateway’s own headers win', () => {
    const incoming = { cookie: 'kcf_sid=a', 'x-request-id': 'client-chosen-id' };
    expect(buildUpstreamHeaders(incoming, forwarded, {}, { keepCookie: false }).cookie).toBeUndefined();
    const out = buildUpstreamHeaders(
      incoming,
      forwarded,
      { 'x-request-id': 'gateway-id-123', 'x-kcf-user': 'signed' },
      { keepCookie: true },
    );
    expect(out).toMatchObject({ cookie: 'kcf_sid=a', 'x-request-id': 'gateway-id-123', 'x-kcf-user': 'signed' });
  });

  it('passes Idempotency-Key through untouched', () => {
    const out = buildUpstreamHeaders(
      { 'idempotency-key': 'c2f1e0a4-7b3d-4e55-9f1a-0d6c8b2e4a11', 'content-type': 'application/json' },
      forwarded,
      {},
      { keepCookie: false },
    );
    expect(out['idempotency-key']).toBe('c2f1e0a4-7b3d-4e55-9f1a-0d6c8b2e4a11');
  });

  it('appends to X-Forwarded-For only when the previous hop is trusted', () => {
    const incoming = { 'x-forwarded-for': '203.0.113.5' };
    expect(buildUpstreamHeaders(incoming, forwarded, {}, { keepCookie: false })['x-forwarded-for']).toBe('10.0.0.9');
    expect(
      buildUpstreamHeaders(incoming, { ...forwarded, trustIncoming: true }, {}, { keepCookie: false })[
        'x-forwarded-for'
      ],
    ).toBe('203.0.113.5, 10.0.0.9');
  });
});

describe('buildClientHeaders', () => {
  it('passes Set-Cookie lists through and drops connection headers', () => {
    const out = buildClientHeaders({
      'set-cookie': ['a=1', 'b=2'],
      connection: 'close',
      'transfer-encoding': 'chunked',
      'content-type': 'text/plain',
    });
    expect(out).toEqual({ 'set-cookie': ['a=1', 'b=2'], 'content-type': 'text/plain' });
  });

  it('passes Idempotency-Replayed and Retry-After back untouched', () => {
    const out = buildClientHeaders({
      'idempotency-replayed': 'true',
      'retry-after': '30',
      'content-type': 'application/json',
    });
    expect(out).toEqual({ 'idempotency-replayed': 'true', 'retry-after': '30', 'content-type': 'application/json' });
  });
});
