// Built for Node (webpack.prerender.js), run once per build by build-kit's shell-pages step: the markup of
// the landing page as a signed-out visitor first sees it, printed into landing.html so that page paints
// from its HTML alone, before any script has arrived.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { ShellRoot } from './shell-root';
import { SIGNED_OUT_PAGE } from './signed-out/prerendered';

function AtLanding({ children }: { children?: ReactNode }) {
  return <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>;
}

/** The landing page's markup (the contents of #root) and the marker the browser reads on #root. */
export function renderSignedOutLanding(): { html: string; rootAttribute: { name: string; value: string } } {
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  return { html: renderToString(<ShellRoot queryClient={queryClient} router={AtLanding} />), rootAttribute: SIGNED_OUT_PAGE };
}
