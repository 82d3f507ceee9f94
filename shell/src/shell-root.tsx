import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '@kcf/ui';
import { App } from './app';

/**
 * The whole page under its providers. The browser renders it with its BrowserRouter (bootstrap.tsx); the
 * build renders the same tree for the signed-out landing page (prerender.tsx), so that page looks exactly
 * as the app draws it.
 */
export function ShellRoot({
  queryClient,
  router: Router,
}: {
  queryClient: QueryClient;
  router: ComponentType<{ children?: ReactNode }>;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Router>
            <App />
          </Router>
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
