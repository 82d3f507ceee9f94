import { RemoteLoader, type FederationRuntime } from './remote-loader';
import type { RemoteManifest } from './remote-manifest';

const manifest = {
  mf_beneficiaries: { entry: '/remotes/beneficiaries/remoteEntry.js', version: '0.1.0' },
  mf_finance: { entry: '/remotes/finance/remoteEntry.js', version: '0.3.2' },
  mf_admin: { entry: '/remotes/admin/remoteEntry.js' },
} satisfies RemoteManifest;

function fakeRuntime(load: (id: string) => Promise<unknown> = async (id) => ({ default: id })) {
  const registrations: Array<{ remotes: Array<{ name: string; entry: string }>; force?: boolean }> = [];
  const loads: string[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, options) => registrations.push({ remotes, force: options?.force }),
    loadRemote: <T>(id: string) => {
      loads.push(id);
      return load(id) as Promise<T | null>;
    },
  };
  return { runtime, registrations, loads };
}

describe('RemoteLoader', () => {
  it('starts a remote with the manifest remembered from the last read, while the fresh one is on its way', async () => {
    const { runtime, registrations, loads } = fakeRuntime();
    let answer!: (m: RemoteManifest) => void;
    const fresh = new Promise<RemoteManifest>((resolve) => (answer = resolve));
    const loader = new RemoteLoader(
      runtime,
      () => fresh,
      () => manifest,
    );

    let loaded = false;
    const page = loader.load('mf_finance', './BudgetPage').then((m) => ((loaded = true), m));
    await Promise.resolve();
    // The code is on its way before the fresh manifest came; the page still waits for it.
    expect(registrations).toEqual([
      { remotes: [{ name: 'mf_finance', entry: manifest.mf_finance.entry }], force: false },
    ]);
    expect(loads).toEqual(['mf_finance/BudgetPage']);
    expect(loaded).toBe(false);

    answer(manifest);
    await expect(page).resolves.toEqual({ default: 'mf_finance/BudgetPage' });
    expect(registrations).toHaveLength(1);
  });

  it('replaces a remembered entry the fresh manifest no longer names, and ignores one of another major', async () => {
    const { runtime, registrations } = fakeRuntime();
    const moved = { ...manifest, mf_finance: { entry: '/remotes/finance/remoteEntry.js?v=2', version: '0.3.3' } };
    const remembered = { ...manifest, mf_admin: { entry: '/remotes/admin/remoteEntry.js', version: '7.0.0' } };
    const loader = new RemoteLoader(
      runtime,
      async () => moved,
      () => remembered,
    );

    await loader.load('mf_finance', './BudgetPage');
    expect(registrations).toEqual([
      { remotes: [{ name: 'mf_finance', entry: manifest.mf_finance.entry }], force: false },
      { remotes: [{ name: 'mf_finance', entry: moved.mf_finance.entry }], force: true },
    ]);
    const other = new RemoteLoader(
      runtime,
      async () => manifest,
      () => remembered,
    );
    await other.load('mf_admin', './UsersPage');
    expect(registrations.at(-1)).toEqual({
      remotes: [{ name: 'mf_admin', entry: manifest.mf_admin.entry }],
      force: false,
    });
  });

  it('fetches an entry into the cache once, without registering or running it, and not for a remote already loaded', async () => {
    const { runtime, registrations } = fakeRuntime();
    const loader = new RemoteLoader(runtime, async () => manifest);
    const links: Array<Record<string, string | null>> = [];
    const doc = {
      createElement: () => {
        const attributes: Record<string, string> = {};
        return { setAttribute: (name: string, value: string) => (attributes[name] = value), attributes };
      },
      head: { appendChild: (link: { attributes: Record<string, string> }) => links.push(link.attributes) },
    } as unknown as Pick<Document, 'createElement' | 'head'>;

    await loader.load('mf_finance', './BudgetPage');
    await loader.prefetchEntry('mf_beneficiaries', doc);
    await loader.prefetchEntry('mf_beneficiaries', doc);
    await loader.prefetchEntry('mf_finance', doc);

    expect(links).toEqual([{ rel: 'prefetch', as: 'script', href: manifest.mf_beneficiaries.entry }]);
    expect(registrations.map((r) => r.remotes[0].name)).toEqual(['mf_finance']);
  });

  it('reads the manifest once and registers a remote only when one of its pages is loaded', async () => {
    const { runtime, registrations, loads } = fakeRuntime();
    const readManifest = jest.fn(async () => manifest);
    const loader = new RemoteLoader(runtime, readManifest);

    await expect(loader.load('mf_finance', './BudgetPage')).resolves.toEqual({ default: 'mf_finance/BudgetPage' });
    await loader.load('mf_finance', './FinancesPage');

    expect(readManifest).toHaveBeenCalledTimes(1);
    expect(registrations).toEqual([
      { remotes: [{ name: 'mf_finance', entry: manifest.mf_finance.entry }], force: false },
    ]);
    expect(loads).toEqual(['mf_finance/BudgetPage', 'mf_finance/FinancesPage']);
  });

  it('reads the manifest again after it failed', async () => {
    const { runtime } = fakeRuntime();
    const readManifest = jest
      .fn<Promise<RemoteManifest>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(manifest);
    const loader = new RemoteLoader(runtime, readManifest);

    await expect(loader.load('mf_admin', './UsersPage')).rejects.toThrow('offline');
    await expect(loader.load('mf_admin', './UsersPage')).resolves.toEqual({ default: 'mf_admin/UsersPage' });
    expect(readManifest).toHaveBeenCalledTimes(2);
  });

  it('after a failure, forget() makes the next load register anew and fetch again', async () => {
    let fail = true;
    const { runtime, registrations, loads } = fakeRuntime(async (id) => {
      if (fail) throw new Error('Failed to load script resources. #RUNTIME-008');
      return { default: id };
    });
    const readManifest = jest.fn(async () => manifest);
    const loader = new RemoteLoader(runtime, readManifest);

    await expect(loader.load('mf_finance', './BudgetPage')).rejects.toThrow('RUNTIME-008');
    loader.forget('mf_finance');
    fail = false;
    await expect(loader.load('mf_finance', './BudgetPage')).resolves.toEqual({ default: 'mf_finance/BudgetPage' });

    expect(registrations.map((r) => r.force)).toEqual([false, true]);
    expect(readManifest).toHaveBeenCalledTimes(2);
    expect(loads).toEqual(['mf_finance/BudgetPage', 'mf_finance/BudgetPage']);
  });

  it('replaces the registration when the manifest moves a remote', async () => {
    const { runtime, registrations } = fakeRuntime();
    const moved = {
      ...manifest,
      mf_finance: { entry: 'https://cdn.example.org/finance/remoteEntry.js', version: '0.4.0' },
    };
    const readManifest = jest
      .fn<Promise<RemoteManifest>, []>()
      .mockResolvedValueOnce(manifest)
      .mockResolvedValueOnce(moved);
    const loader = new RemoteLoader(runtime, readManifest);

    await loader.load('mf_finance', './BudgetPage');
    loader.forget('mf_beneficiaries'); // never registered: nothing to drop, but the manifest is read again
    await loader.load('mf_finance', './BudgetPage');

    expect(registrations).toEqual([
      { remotes: [{ name: 'mf_finance', entry: manifest.mf_finance.entry }], force: false },
      { remotes: [{ name: 'mf_finance', entry: moved.mf_finance.entry }], force: true },
    ]);
  });

  it('fails, without fetching anything of it, a remote the manifest leaves out or lists with another major', async () => {
    const { runtime, registrations, loads } = fakeRuntime();
    const { mf_admin: _left, ...withoutAdmin } = manifest;
    const loader = new RemoteLoader(runtime, async () => ({
      ...withoutAdmin,
      mf_finance: { entry: manifest.mf_finance.entry, version: '1.0.0' },
    }));
    await expect(loader.load('mf_admin', './UsersPage')).rejects.toThrow(
      'The list of sections has no address for mf_admin',
    );
    await expect(loader.load('mf_finance', './BudgetPage')).rejects.toThrow(
      'This section was updated to version 1.0.0, which this page cannot show',
    );
    // The other remotes still load.
    await expect(loader.load('mf_beneficiaries', './GiftsPage')).resolves.toEqual({
      default: 'mf_beneficiaries/GiftsPage',
    });
    expect(registrations.map((r) => r.remotes[0].name)).toEqual(['mf_beneficiaries']);
    expect(loads).toEqual(['mf_beneficiaries/GiftsPage']);
  });

  it('treats a missing module as a failure', async () => {
    const { runtime } = fakeRuntime(async () => null);
    const loader = new RemoteLoader(runtime, async () => manifest);
    await expect(loader.load('mf_admin', './UsersPage')).rejects.toThrow('mf_admin did not provide ./UsersPage');
  });
});
