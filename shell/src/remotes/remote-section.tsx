import { Suspense, useEffect, useReducer, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { whenIdle } from '@kcf/web-kit';
import { Card, CardContent, CardHeader, Skeleton } from '@kcf/ui';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { remoteLoader } from './federation-runtime';
import type { RemoteName } from './remote-manifest';
import { pageReadsAt, SectionPreloader } from './section-preload';

type PageModule = { default: ComponentType };

/** One load per exposed page, shared by a preload and the page itself; a failed one is not kept. */
const modules = new Map<string, Promise<PageModule>>();
/** The pages whose code has arrived: shown at once, in the same render as the layout around them. */
const loaded = new Map<string, ComponentType>();

function loadPage(remote: RemoteName, expose: string): Promise<PageModule> {
  const id = `${remote}/${expose}`;
  let module = modules.get(id);
  if (!module) {
    const pending = remoteLoader.load<PageModule>(remote, expose);
    pending.then(
      (m) => loaded.set(id, m.default),
      () => {
        if (modules.get(id) === pending) modules.delete(id);
      },
    );
    modules.set(id, (module = pending));
  }
  return module;
}

/**
 * The page's component once its code has arrived (null until then); a failed load is thrown to the error
 * boundary around it. Not React.lazy: a page that suspends shows its skeleton for at least React's 300 ms
 * reveal delay, even when its code lands a moment later (a reload, where the code runs while the sign-in
 * state is on its way). Each page has a component of its own (RemoteSection keys it by page).
 */
function useRemotePage(remote: RemoteName, expose: string): ComponentType | null {
  const [state, setState] = useState<{ page?: ComponentType; error?: unknown }>(() => ({
    page: loaded.get(`${remote}/${expose}`),
  }));
  const settled = state.page !== undefined || state.error !== undefined;
  useEffect(() => {
    if (settled) return;
    let live = true;
    loadPage(remote, expose).then(
      (m) => live && setState({ page: m.default }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [remote, expose, settled]);
  if (state.error !== undefined) throw state.error;
  return state.page ?? null;
}

/** Starts sections' code before their pages render (section-preload.ts). */
export const sectionPreloader = new SectionPreloader({
  loadPage,
  prefetchEntry: (remote) => remoteLoader.prefetchEntry(remote),
});

/**
 * At start: the section at the opened address loads while the sign-in state is asked for; a section loads
 * when a link to it is pointed at, touched or focused. (The sidebar warms its sections' entries once idle.)
 */
export function startSectionPreloads(
  location: Pick<Location, 'pathname' | 'origin'>,
  target: Document = document,
): void {
  sectionPreloader.preload(location.pathname);
  sectionPreloader.listen(target, location.origin);
}

/** Warms the entries of the sections `paths` lead to once the page is idle. */
export function warmSectionEntries(paths: readonly string[]): () => void {
  return whenIdle(() => sectionPreloader.warmEntries(paths), 3000);
}

function forgetRemote(remote: RemoteName): void {
  remoteLoader.forget(remote);
  sectionPreloader.forget(remote);
  for (const id of [...modules.keys()]) if (id.startsWith(`${remote}/`)) modules.delete(id);
  for (const id of [...loaded.keys()]) if (id.startsWith(`${remote}/`)) loaded.delete(id);
}

/** What a section looks like while its code downloads on a slow connection. */
export function SectionSkeleton() {
  return (
    <div className="shell-section-skeleton" aria-busy="true" aria-label="Loading section">
      <Skeleton width={220} height={28} />
      <Skeleton width={320} height={16} />
      <Card>
        <CardHeader>
          <Skeleton width={160} height={20} />
        </CardHeader>
        <CardContent>
          <Skeleton height={16} />
          <Skeleton height={16} />
          <Skeleton height={16} width="70%" />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Starts the reads the page at this address declares as query keys (the page table's, section-preload.ts) as it
 * is opened, alongside its code instead of after it: the page finds them under the same query keys (in flight or answered). A read
 * already answered is not asked again (data does not go stale by itself), one in flight is not doubled, and
 * a failed one is left for the page to show and retry.
 */
function usePageReads(): void {
  const { pathname } = useLocation();
  const client = useQueryClient();
  useEffect(() => {
    for (const queryKey of pageReadsAt(pathname)) void client.prefetchQuery({ queryKey });
  }, [client, pathname]);
}

/** The page, or its skeleton while its code downloads; its own lazy parts suspend into the same skeleton. */
function SectionPage({ remote, expose }: { remote: RemoteName; expose: string }) {
  usePageReads();
  const Page = useRemotePage(remote, expose);
  if (!Page) return <SectionSkeleton />;
  return (
    <Suspense fallback={<SectionSkeleton />}>
      <Page />
    </Suspense>
  );
}

/** A page that lives in a remote: loaded when first visited, contained if it fails. */
export function RemoteSection({ remote, expose }: { remote: RemoteName; expose: string }) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  return (
    <RemoteErrorBoundary
      // A new page starts with a clean slate, even where the router reuses this component.
      key={`${remote}/${expose}`}
      onRetry={() => {
        forgetRemote(remote);
        rerender();
      }}
    >
      <SectionPage remote={remote} expose={expose} />
    </RemoteErrorBoundary>
  );
}
