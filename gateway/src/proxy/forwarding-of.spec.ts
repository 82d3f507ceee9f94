import type { IncomingMessage } from 'node:http';
import { forwardingOf } from './forwarding-of';

const request = (headers: Record<string, string>, remoteAddress = '10.0.0.2') =>
  ({ headers, socket: { remoteAddress, encrypted: false } }) as unknown as IncomingMessage;

describe('forwardingOf', () => {
  const headers = { host: 'gateway:8080', 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'kcf.example.org' };

  it('ignores X-Forwarded-* from a hop that is not trusted', () => {
    expect(forwardingOf(request(headers), () => false)).toEqual({
      remoteAddress: '10.0.0.2',
      trustIncoming: false,
      proto: 'http',
      host: 'gateway:8080',
    });
  });

  it('believes them from a trusted proxy, first value first', () => {
    expect(forwardingOf(request(headers), (addr) => addr === '10.0.0.2')).toEqual({
      remoteAddress: '10.0.0.2',
      trustIncoming: true,
      proto: 'https',
      host: 'kcf.example.org',
    });
  });
});
