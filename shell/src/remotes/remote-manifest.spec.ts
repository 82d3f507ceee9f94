/** @jest-environment jsdom */
import { pageManifestTag } from '@kcf/contracts';
import {
  fetchRemoteManifest,
  manifestReader,
  pageManifest,
  parseRemoteManifest,
  rememberedManifest,
} from './remote-manifest';

const valid = {
  mf_beneficiaries: { entry: '/remotes/beneficiaries/remoteEntry.js', version: '0.1.0' },
  mf_finance: { entry: 'https://cdn.example.org/finance/remoteEntry.js', version: '0.2' },
  mf_admin: { entry: '/remotes/admin/remoteEntry.js' },
};

describe('parseRemoteManifest', () => {
  it('keeps the three entries and their versions, ignoring anything else', () => {
    expect(
      parseRemoteManifest({ ...valid, mf_finance: { ...valid.mf_finance, team: 'finance' }, extra: 'ignored' }),
    ).toEqual(valid);
  });

  it('reads the bare entries of a gateway from before versions', () => {
    expect(parseRemoteManifest({ mf_beneficiaries: '/b.js', mf_finance: '/f.js', mf_admin: '/a.js' })).toEqual({
      mf_beneficiaries: { entry: '/b.js' },
      mf_finance: { entry: '/f.js' },
      mf_admin: { entry: '/a.js' },
    });
  });

  it('leaves out a remote without an entry, so only its own section fails', () => {
    expect(parseRemoteManifest({ ...valid, mf_admin: '' })).toEqual({
      mf_beneficiaries: valid.mf_beneficiaries,
      mf_finance: valid.mf_finance,
    });
    expect(parseRemoteManifest({ mf_finance: { version: '0.2.0' } })).toEqual({});
    expect(() => parseRemoteManifest([])).toThrow('not a JSON object');
    expect(() => parseRemoteManifest(null)).toThrow('not a JSON object');
  });
});

describe('fetchRemoteManifest', () => {
  it('asks past the HTTP cache', async () => {
    const fetchFn = jest.fn(
      async () => ({ ok: true, status: 200, statusText: 'OK', json: async () => valid }) as Response,
    );
    await expect(fetchRemoteManifest(fetchFn)).resolves.toEqual(valid);
    expect(fetchFn).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache', credentials: 'same-origin' });
  });

  it('reports a failed answer', async () => {
    const fetchFn = jest.fn(async () => ({ ok: false, status: 503, statusText: 'Service Unavailable' }) as Response);
    await expect(fetchRemoteManifest(fetchFn)).rejects.toThrow(
      'The list of sections could not be read (503 Service Unavailable)',
    );
  });
});

describe('rememberedManifest', () => {
  beforeEach(() => sessionStorage.clear());

  it('is the manifest last read in this tab, and nothing before the first read or when storage holds garbage', async () => {
    expect(rememberedManifest()).toBeNull();
    await fetchRemoteManifest(
      async () => ({ ok: true, status: 200, statusText: 'OK', json: async () => valid }) as Response,
    );
    expect(rememberedManifest()).toEqual(parseRemoteManifest(valid));
    sessionStorage.setItem('kcf.remotes', '{not json');
    expect(rememberedManifest()).toBeNull();
  });
});

describe('the manifest in the page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    sessionStorage.clear();
  });

  it('is read from the page the gateway served, and remembered for the tab like a fetched one', () => {
    document.head.innerHTML = pageManifestTag(
      JSON.stringify({ ...valid, mf_finance: { ...valid.mf_finance, exposes: { './BudgetPage': ['/zod.js'] } } }),
    );
    expect(pageManifest()).toEqual(valid);
    expect(rememberedManifest()).toEqual(valid);
  });

  it('is none in a page without one, or with one that is not a manifest', () => {
    expect(pageManifest()).toBeNull();
    document.head.innerHTML = pageManifestTag('[]');
    expect(pageManifest()).toBeNull();
  });

  it('is read once: after that (a Retry) the shell asks the gateway, where a remote may have moved since', async () => {
    const fetched = { mf_admin: { entry: '/remotes/admin/remoteEntry.js?v=1' } };
    const fetchManifest = jest.fn(async () => fetched);
    const read = manifestReader(() => valid, fetchManifest);
    expect(await read()).toBe(valid);
    expect(fetchManifest).not.toHaveBeenCalled();
    expect(await read()).toBe(fetched);
    expect(await manifestReader(() => null, fetchManifest)()).toBe(fetched);
    expect(fetchManifest).toHaveBeenCalledTimes(2);
  });
});
