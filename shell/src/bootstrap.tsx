import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '@kcf/web-kit';
import '@kcf/ui/styles.css';
import './shell.css';
import { startSectionPreloads } from './remotes/remote-section';
import { ShellRoot } from './shell-root';
import { registerShellWorker } from './worker/register-shell-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

startSectionPreloads(window.location);
createRoot(container).render(<ShellRoot queryClient={createQueryClient()} router={BrowserRouter} />);
registerShellWorker();
