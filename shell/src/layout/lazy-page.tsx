import { lazy, Suspense, useReducer, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { RemoteErrorBoundary } from '../remotes/remote-error-boundary';

/** A page of the shell's own whose code is downloaded when first shown, and asked for anew after a failure. */
export interface RetryablePage<P extends object> {
  current(): LazyExoticComponent<ComponentType<P>>;
  reset(): void;
}

export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): RetryablePage<P> {
  let page = lazy(load);
  return {
    current: () => page,
    reset: () => {
      page = lazy(load);
    },
  };
}

/**
 * Shows such a page. A download that fails (e.g. the connection dropped) is contained like a remote
 * section's: a card with Retry, loaded again by itself when the connection returns — never a blank app.
 */
export function LazyPage<P extends object>({
  page,
  fallback,
  props,
}: {
  page: RetryablePage<P>;
  fallback: ReactNode;
  props: P;
}) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const Page = page.current();
  return (
    <RemoteErrorBoundary
      onRetry={() => {
        page.reset();
        rerender();
      }}
    >
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
