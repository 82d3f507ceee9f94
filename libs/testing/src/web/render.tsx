import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '@kcf/ui';
import { createQueryClient } from '@kcf/web-kit';

export interface ProvidersOptions {
  /** The query client (give one to seed its cache first); the product's own, fresh, when absent. */
  client?: QueryClient;
  /** Renders inside a MemoryRouter at this path. */
  route?: string;
}

/** What the shell puts around every page: the query client, toasts and (when asked) the router. */
export function Providers({ client, route, children }: { client: QueryClient; route?: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        {route === undefined ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` inside the shell's providers; returns the render result and the query client. */
export function renderWithProviders(
  ui: ReactElement,
  options: ProvidersOptions = {},
): RenderResult & { client: QueryClient } {
  const client = options.client ?? createQueryClient();
  return {
    ...render(
      <Providers client={client} route={options.route}>
        {ui}
      </Providers>,
    ),
    client,
  };
}
