import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES } from './remote-manifest';
import { hostableRemote, majorOfRemoteVersion, REMOTE_MAJORS } from './remote-versions';

describe('which remotes this shell hosts', () => {
  it('hosts every minor and patch of the major it was built for, and a remote listed without a version', () => {
    for (const version of ['0.1.0', '0.9.3', '0.2', undefined]) {
      expect(hostableRemote({ mf_finance: { entry: '/f.js', version } }, 'mf_finance')).toEqual({
        entry: '/f.js',
        version,
      });
    }
  });

  it('refuses another major, an unreadable version and a remote the list leaves out', () => {
    expect(() => hostableRemote({ mf_finance: { entry: '/f.js', version: '1.0.0' } }, 'mf_finance')).toThrow(
      'This section was updated to version 1.0.0, which this page cannot show (it needs 0.x). Reload the page to get the newest version.',
    );
    expect(() => hostableRemote({ mf_finance: { entry: '/f.js', version: 'latest' } }, 'mf_finance')).toThrow(
      'updated to version latest',
    );
    expect(() => hostableRemote({ mf_finance: { entry: '/f.js' } }, 'mf_admin')).toThrow(
      'The list of sections has no address for mf_admin',
    );
  });

  it('reads majors of major.minor and major.minor.patch only', () => {
    expect(majorOfRemoteVersion('3.1.4')).toBe(3);
    expect(majorOfRemoteVersion('12.0')).toBe(12);
    expect(majorOfRemoteVersion('v1')).toBeNaN();
  });

  it.each(REMOTE_NAMES)("expects the major of %s's package.json version", (remote) => {
    const folder = remote.replace('mf_', 'mf-');
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', folder, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect({ remote, major: majorOfRemoteVersion(version) }).toEqual({ remote, major: REMOTE_MAJORS[remote] });
  });
});
