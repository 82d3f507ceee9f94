import { listenOrigins } from './own-origins';

const machine = { hostname: 'kcf-office', addresses: ['127.0.0.1', '192.168.1.20', '::1', 'fd00::5', 'fe80::1%eth0'] };
const sorted = (origins: readonly string[]) => [...origins].sort();

describe('listenOrigins', () => {
  it('knows a loopback listener by its loopback names', () => {
    expect(sorted(listenOrigins('127.0.0.1', 8080, machine))).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
    ]);
    expect(sorted(listenOrigins('localhost', 8080, machine))).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
    ]);
  });

  it('knows a listener on every address by the loopback names, the host name and every address of the machine', () => {
    for (const any of ['0.0.0.0', '::']) {
      expect(sorted(listenOrigins(any, 8080, machine))).toEqual([
        'http://127.0.0.1:8080',
        'http://192.168.1.20:8080',
        'http://[::1]:8080',
        'http://[fd00::5]:8080',
        'http://kcf-office:8080',
        'http://localhost:8080',
      ]);
    }
  });

  it('knows a listener on one address by that address only', () => {
    expect(listenOrigins('192.168.1.20', 8080, machine)).toEqual(['http://192.168.1.20:8080']);
    expect(listenOrigins('fd00::5', 8080, machine)).toEqual(['http://[fd00::5]:8080']);
    expect(listenOrigins('KCF-Office', 8080, machine)).toEqual(['http://kcf-office:8080']);
  });

  it('writes port 80 as a browser does: not at all', () => {
    expect(listenOrigins('127.0.0.1', 80, machine)).toContain('http://localhost');
  });
});
