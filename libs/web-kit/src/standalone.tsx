// `@kcf/web-kit/standalone`: runs a remote on its own page for development (`webpack --env standalone`).
// Only a remote's bootstrap.tsx imports it, and only the standalone build has that entry: nothing of it
// reaches the production bundles or the shared web-kit chunk.
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '@kcf/ui';
import '@kcf/ui/styles.css';
import { createQueryClient } from './api/query-client';

export interface StandalonePage {
  /** The route, as the shell has it ('/beneficiaries/:id'). */
  path: string;
  /** The exposed page module's default export. */
  page: ComponentType;
  /** Where the index links to (a path with its parameters filled in); `path` when absent. */
  link?: string;
}

/**
 * Renders the exposed pages into #root inside what the shell would give them: the QueryClient, toasts,
 * the router and the design system. Any other path lists links to the pages, by their names.
 */
export function renderStandalone(pages: readonly StandalonePage[], container = document.getElementById('root')): void {
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <BrowserRouter>
            <main className="kcf-content">
              <Routes>
                {pages.map(({ path, page: Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
                <Route
                  path="*"
                  element={
                    <ul>
                      {pages.map(({ path, page, link = path }) => (
                        <li key={path}>
                          <Link to={link}>{page.displayName ?? page.name}</Link>
                        </li>
                      ))}
                    </ul>
                  }
                />
              </Routes>
            </main>
          </BrowserRouter>
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
