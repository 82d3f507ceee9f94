/** The shell's service worker (shell-worker.ts), served at the root so that it covers every page. */
export const SHELL_WORKER_URL = '/sw.js';

/**
 * Registers the shell's service worker once the page has loaded, so that the first visit's own loading is
 * not slowed by it. Where service workers are unavailable (an insecure origin, an old browser) nothing
 * changes: pages load from the server as before.
 */
export function registerShellWorker(win: Window = window): void {
  const workers = win.navigator.serviceWorker;
  if (!workers || !win.isSecureContext) return;
  const register = () => {
    workers.register(SHELL_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
