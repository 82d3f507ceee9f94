/**
 * Which addresses are the app's pages (answered with the shell's index.html, its router shows the page) and
 * which belong to the server. The gateway falls back to the shell for a page; the shell's service worker
 * answers a page it opens again from its copy of the shell. Imports nothing: the worker is built from it alone.
 *
 * `/metrics` is served only on each process's metrics port, so through the gateway it is a 404 like any
 * unknown server path.
 */
export const SERVER_PREFIXES = ['/api', '/uploads', '/download', '/remotes', '/health', '/internal', '/metrics'];

/** Whether `path` is `prefix` or below it (`/api` and `/api/x`, not `/apiary`). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** A page of the app: a path without a file extension outside the server's prefixes. */
export function isAppPage(path: string): boolean {
  if (SERVER_PREFIXES.some((p) => isUnder(path, p))) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}
