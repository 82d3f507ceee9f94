import { fetchRemoteManifest, parseRemoteManifest } from './remote-manifest';

const valid = {
  mf_beneficiaries: '/remotes/beneficiaries/remoteEntry.js',
  mf_finance: 'https://cdn.example.org/finance/remoteEntry.js',
  mf_admin: '/remotes/admin/remoteEntry.js',
};

describe('parseRemoteManifest', () => {
  it('keeps the three entries', () => {
    expect(parseRemoteManifest({ ...valid, extra: 'ignored' })).toEqual(valid);
  });

  it('refuses a manifest without an entry for a remote', () => {
    expect(() => parseRemoteManifest({ ...valid, mf_admin: '' })).toThrow('no address for mf_admin');
    expect(() => parseRemoteManifest([])).toThrow('no address for mf_beneficiaries');
    expect(() => parseRemoteManifest(null)).toThrow('not a JSON object');
  });
});

describe('fetchRemoteManifest', () => {
  it('asks past the HTTP cache', async () => {
    const fetchFn = jest.fn(async () => ({ ok: true, status: 200, statusText: 'OK', json: async () => valid }) as Response);
    await expect(fetchRemoteManifest(fetchFn)).resolves.toEqual(valid);
    expect(fetchFn).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache', credentials: 'same-origin' });
  });

  it('reports a failed answer', async () => {
    const fetchFn = jest.fn(async () => ({ ok: false, status: 503, statusText: 'Service Unavailable' }) as Response);
    await expect(fetchRemoteManifest(fetchFn)).rejects.toThrow('The list of sections could not be read (503 Service Unavailable)');
  });
});
