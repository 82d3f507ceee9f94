import { noteScript } from '@kcf/web-kit';
import type { RemoteManifest, RemoteName } from './remote-manifest';
import { hostableRemote } from './remote-versions';

/** The two calls of the federation runtime the shell needs (see federation-runtime.ts). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

/**
 * Loads exposed modules of remotes on first use.
 * The manifest is read once (and again after a failure); each remote is registered with the
 * federation runtime when first needed, so nothing of a remote is fetched before its route is visited.
 */
export class RemoteLoader {
  private manifest: Promise<RemoteManifest> | null = null;
  private readonly registered = new Map<RemoteName, string>();
  private readonly prefetched = new Set<string>();

  constructor(
    private readonly runtime: FederationRuntime,
    private readonly readManifest: () => Promise<RemoteManifest>,
    private readonly remembered: () => RemoteManifest | null = () => null,
  ) {}

  async load<T>(remote: RemoteName, expose: string): Promise<T> {
    this.startWithRemembered(remote, expose);
    const manifest = await this.getManifest();
    // A remote the list leaves out, or of another major than this shell hosts, fails here: its section shows Retry.
    const { entry } = hostableRemote(manifest, remote);
    noteScript(entry);
    this.register(remote, entry);
    const module = await this.runtime.loadRemote<T>(moduleId(remote, expose));
    if (!module) throw new Error(`${remote} did not provide ${expose}`);
    return module;
  }

  /**
   * Before the manifest is first read, a remote the tab's remembered manifest lists starts loading with it, so
   * its code runs while the fresh manifest (and the sign-in state) are on their way. The load itself still
   * waits for the fresh manifest: when it names another entry, that one replaces this.
   */
  private startWithRemembered(remote: RemoteName, expose: string): void {
    if (this.manifest || this.registered.has(remote)) return;
    const remembered = this.remembered();
    if (!remembered) return;
    let entry: string;
    try {
      entry = hostableRemote(remembered, remote).entry;
    } catch {
      return;
    }
    this.register(remote, entry);
    this.runtime.loadRemote(moduleId(remote, expose)).catch(() => undefined);
  }

  private register(remote: RemoteName, entry: string): void {
    const known = this.registered.get(remote);
    if (known === entry) return;
    // A changed address replaces the old registration and whatever it had cached.
    this.runtime.registerRemotes([{ name: remote, entry }], { force: known !== undefined });
    this.registered.set(remote, entry);
  }

  /**
   * Fetches a remote's entry into the browser's cache (once per address), without running it: its first
   * load then needs no round trip for it.
   */
  async prefetchEntry(remote: RemoteName, doc: Pick<Document, 'createElement' | 'head'> = document): Promise<void> {
    const { entry } = hostableRemote(await this.getManifest(), remote);
    if (this.registered.has(remote) || this.prefetched.has(entry)) return;
    this.prefetched.add(entry);
    const link = doc.createElement('link');
    link.setAttribute('rel', 'prefetch');
    link.setAttribute('as', 'script');
    link.setAttribute('href', entry);
    doc.head.appendChild(link);
  }

  /**
   * Forgets a remote that failed, so the next load really fetches again: the registration is
   * forced anew (the runtime drops its cached entry, loading promise and module cache) and the
   * manifest is read again.
   */
  forget(remote: RemoteName): void {
    const entry = this.registered.get(remote);
    if (entry !== undefined) this.runtime.registerRemotes([{ name: remote, entry }], { force: true });
    this.manifest = null;
  }

  private getManifest(): Promise<RemoteManifest> {
    if (!this.manifest) {
      const pending = this.readManifest();
      this.manifest = pending;
      pending.catch(() => {
        if (this.manifest === pending) this.manifest = null;
      });
    }
    return this.manifest;
  }
}

/** The runtime names a module '<remote>/<expose without ./>': 'mf_finance/BudgetPage'. */
function moduleId(remote: RemoteName, expose: string): string {
  return `${remote}/${expose.replace(/^\.\//, '')}`;
}
