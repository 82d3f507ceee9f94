import { lazy, Suspense, useReducer, type ComponentType, type LazyExoticComponent } from 'react';
import { Card, CardContent, CardHeader, Skeleton } from '@kcf/ui';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { remoteLoader } from './federation-runtime';
import type { RemoteName } from './remote-manifest';

type Page = LazyExoticComponent<ComponentType>;

/** One lazy component per exposed page, kept across visits; dropped when its remote is retried. */
const pages = new Map<string, Page>();

function pageFor(remote: RemoteName, expose: string): Page {
  const id = `${remote}/${expose}`;
  let page = pages.get(id);
  if (!page) {
    page = lazy(() => remoteLoader.load<{ default: ComponentType }>(remote, expose));
    pages.set(id, page);
  }
  return page;
}

function forgetRemote(remote: RemoteName): void {
  remoteLoader.forget(remote);
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
