import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseGatewayConfig, remoteSources, type RemoteSource } from '../config';
import { packageVersionOf, remotesManifest } from './remotes';

describe('the remotes manifest', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'kcf-remotes-'));
    mkdirSync(join(root, 'mf-finance', 'dist'), { recursive: true });
    writeFileSync(
      join(root, 'mf-finance', 'package.json'),
      JSON.stringify({ name: '@kcf/mf-finance', version: '2.3.1' }),
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists each remote with its entry and the version of the package its build folder belongs to', () => {
    const remotes: RemoteSource[] = [
      { name: 'finance', dir: join(root, 'mf-finance', 'dist'), entry: '/remotes/finance/remoteEntry.js' },
      { name: 'admin', dir: join(root, 'mf-admin', 'dist'), entry: '/remotes/admin/remoteEntry.js' },
      {
        name: 'beneficiaries',
        dir: join(root, 'nowhere'),
        entry: '/remotes/beneficiaries/remoteEntry.js',
        version: '1.0.0',
      },
    ];
    expect(remotesManifest(remotes)).toEqual({
      mf_finance: { entry: '/remotes/finance/remoteEntry.js', version: '2.3.1' },
      mf_admin: { entry: '/remotes/admin/remoteEntry.js' },
      mf_beneficiaries: { entry: '/remotes/beneficiaries/remoteEntry.js', version: '1.0.0' },
    });
  });

  it("puts a build's entry version into its entry's address, and lists its exposed pages' first-visit files", () => {
    const finance: RemoteSource = {
      name: 'finance',
      dir: join(root, 'mf-finance', 'dist'),
      entry: '/remotes/finance/remoteEntry.js',
    };
    const exposes = { './FinancesPage': ['/remotes/finance/128.a.js'] };
    expect(
      remotesManifest([finance], () => undefined, { finance: { entryVersion: '0123456789abcdef', exposes } }),
    ).toEqual({
      mf_finance: { entry: '/remotes/finance/remoteEntry.js?v=0123456789abcdef', exposes },
    });
    expect(remotesManifest([finance], () => undefined, { finance: { entryVersion: null, exposes: {} } })).toEqual({
      mf_finance: { entry: '/remotes/finance/remoteEntry.js' },
    });
  });

  it("reads the repository's own remotes' versions by default, and takes REMOTE_VERSION_<NAME> over them", () => {
    const base = {
      INTERNAL_SECRET: 'x'.repeat(48),
      IDENTITY_URL: 'http://127.0.0.1:3001',
      BENEFICIARIES_URL: 'http://127.0.0.1:3002',
      FINANCE_URL: 'http://127.0.0.1:3003',
    };
    const sources = remoteSources(parseGatewayConfig({ ...base, REMOTE_VERSION_ADMIN: '4.1' }));
    expect(sources.map((r) => packageVersionOf(r))).toEqual([
      expect.stringMatching(/^\d+\.\d+\.\d+$/),
      expect.stringMatching(/^\d+\.\d+\.\d+$/),
      '4.1',
    ]);
    expect(() => parseGatewayConfig({ ...base, REMOTE_VERSION_FINANCE: 'latest' })).toThrow('REMOTE_VERSION_FINANCE');
  });
});
