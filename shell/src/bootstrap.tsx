import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import '@kcf/ui/styles.css';
import './shell.css';
import { ShellRoot } from './shell-root';
import { isPrerenderedSignedOut } from './signed-out/prerendered';

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const page = <ShellRoot queryClient={queryClient} router={BrowserRouter} />;
if (isPrerenderedSignedOut(container)) {
  // Served without a session cookie: nobody is signed in, and the landing page is already on screen.
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  hydrateRoot(container, page);
} else {
  createRoot(container).render(page);
}
