import { parseGatewayConfig, remoteSources } from './config';

const base = {
  INTERNAL_SECRET: 'x'.repeat(32),
  IDENTITY_URL: 'http://127.0.0.1:3001/',
  BENEFICIARIES_URL: 'http://127.0.0.1:3002',
  FINANCE_URL: 'http://127.0.0.1:3003',
};

describe('parseGatewayConfig', () => {
  it('applies the defaults and reduces upstream URLs to origins', () => {
    const c = parseGatewayConfig(base);
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      SESSION_CACHE_MS: 2000,
      TRUST_PROXY: false,
      CSP_EXTRA_SCRIPT_SRC: [],
    });
    expect(c.IDENTITY_URL).toBe('http://127.0.0.1:3001');
    expect(c.SHELL_DIR).toMatch(/shell[/\\]dist$/);
  });

  it('defaults the edge limits: connections, queue, client deadlines, body handling, shutdown', () => {
    expect(parseGatewayConfig(base)).toMatchObject({
      UPSTREAM_CONNECTIONS: 64,
      SIGN_IN_CONNECTIONS: 16,
      UPSTREAM_QUEUE_TIMEOUT_MS: 5000,
      CLIENT_HEADERS_TIMEOUT_MS: 15_000,
      CLIENT_BODY_TIMEOUT_MS: 10_000,
      CLIENT_BODY_MIN_RATE: 65_536,
      CLIENT_BODY_TIMEOUT_MAX_MS: 180_000,
      BODY_BUFFER_MAX_BYTES: 65_536,
      // The largest upload (10 MiB) plus 2 MiB.
      BODY_DRAIN_MAX_BYTES: 12 * 1024 * 1024,
      SHUTDOWN_GRACE_MS: 20_000,
    });
  });

  it('fails with every problem listed', () => {
    const attempt = () => parseGatewayConfig({ INTERNAL_SECRET: 'short', CSP_EXTRA_SCRIPT_SRC: 'not-an-origin' });
    expect(attempt).toThrow(/IDENTITY_URL: IDENTITY_URL is required/);
    expect(attempt).toThrow(/INTERNAL_SECRET: INTERNAL_SECRET must be at least 32 characters/);
    expect(attempt).toThrow(/CSP_EXTRA_SCRIPT_SRC.*origins like/);
  });

  it('reads TRUST_PROXY as express does and origin lists split by comma or space', () => {
    expect(parseGatewayConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseGatewayConfig({ ...base, TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(
      parseGatewayConfig({ ...base, CSP_EXTRA_SCRIPT_SRC: 'https://a.example, https://b.example:8443' })
        .CSP_EXTRA_SCRIPT_SRC,
    ).toEqual(['https://a.example', 'https://b.example:8443']);
  });

  it('publishes the default entry of each remote unless overridden', () => {
    const remotes = remoteSources(
      parseGatewayConfig({
        ...base,
        REMOTE_FINANCE_URL: 'http://127.0.0.1:3012',
        REMOTE_ENTRY_ADMIN: 'https://cdn.example/admin/remoteEntry.js',
      }),
    );
    expect(remotes.map((r) => [r.name, r.upstream, r.entry])).toEqual([
      ['beneficiaries', undefined, '/remotes/beneficiaries/remoteEntry.js'],
      ['finance', 'http://127.0.0.1:3012', '/remotes/finance/remoteEntry.js'],
      ['admin', undefined, 'https://cdn.example/admin/remoteEntry.js'],
    ]);
  });
});
