import { lazy, Suspense, useReducer, type ComponentType, type LazyExoticComponent } from 'react';
import { Card, CardContent, CardHeader, Skeleton } from '@kcf/ui';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { remoteLoader } from './federation-runtime';
import type { RemoteName } from './remote-manifest';
import { SectionPreloader } from './section-preload';

type Page = LazyExoticComponent<ComponentType>;
type PageModule = { default: ComponentType };

/** One lazy component per exposed page, kept across visits; dropped when its remote is retried. */
const pages = new Map<string, Page>();
/** One load per exposed page, shared by a preload and the page itself; a failed one is not kept. */
const modules = new Map<string, Promise<PageModule>>();

function loadPage(remote: RemoteName, expose: string): Promise<PageModule> {
  const id = `${remote}/${expose}`;
  let module = modules.get(id);
  if (!module) {
    const pending = remoteLoader.load<PageModule>(remote, expose);
    pending.catch(() => {
      if (modules.get(id) === pending) modules.delete(id);
    });
    modules.set(id, (module = pending));
  }
  return module;
}

function pageFor(remote: RemoteName, expose: string): Page {
  const id = `${remote}/${expose}`;
  let page = pages.get(id);
  if (!page) {
    page = lazy(() => loadPage(remote, expose));
    pages.set(id, page);
  }
  return page;
}

/** Starts sections' code before their pages render (section-preload.ts). */
export const sectionPreloader = new SectionPreloader({ loadPage, prefetchEntry: (remote) => remoteLoader.prefetchEntry(remote) });

/**
 * At start: the section at the opened address loads while the sign-in state is asked for; a section loads
 * when a link to it is pointed at, touched or focused. (The sidebar warms its sections' entries once idle.)
 */
export function startSectionPreloads(location: Pick<Location, 'pathname' | 'origin'>, target: Document = document): void {
  sectionPreloader.preload(location.pathname);
  sectionPreloader.listen(target, location.origin);
}

/** Warms the entries of the sections `paths` lead to once the page is idle. */
export function warmSectionEntries(paths: readonly string[]): () => void {
  const run = () => sectionPreloader.warmEntries(paths);
  if (globalThis.requestIdleCallback) {
    const id = globalThis.requestIdleCallback(run, { timeout: 3000 });
    return () => globalThis.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}

function forgetRemote(remote: RemoteName): void {
  remoteLoader.forget(remote);
  sectionPreloader.forget(remote);
  for (const id of [...modules.keys()]) if (id.startsWith(`${remote}/`)) modules.delete(id);
  for (const id of [...pages.keys()]) if (id.startsWith(`${remote}/`)) pages.delete(id);
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

/** A page that lives in a remote: loaded when first visited, contained if it fails. */
export function RemoteSection({ remote, expose }: { remote: RemoteName; expose: string }) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const Page = pageFor(remote, expose);
  return (
    <RemoteErrorBoundary
      // A new page starts with a clean slate, even where the router reuses this component.
      key={`${remote}/${expose}`}
      onRetry={() => {
        forgetRemote(remote);
        rerender();
      }}
    >
      <Suspense fallback={<SectionSkeleton />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
