// Built for Node (webpack.prerender.js), run once per build by build-kit's shell-pages step: the markup of
// the landing page as a signed-out visitor sees it, printed into landing.html. That page runs no script: it
// paints from its HTML alone, its Sign In form and About link work as plain HTML, and the app's files are
// fetched meanwhile (prefetch) for the login form that follows.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { ShellRoot } from './shell-root';

function AtLanding({ children }: { children?: ReactNode }) {
  return <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>;
}

/** The landing page's markup: the contents of #root, drawn by the same components as the app. */
export function renderSignedOutLanding(): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  return renderToString(<ShellRoot queryClient={queryClient} router={AtLanding} />);
}
