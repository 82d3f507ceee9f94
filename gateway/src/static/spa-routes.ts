/**
 * Paths that never fall back to the shell's index.html: they belong to the server (`/metrics` is served only
 * on each process's metrics port, so here it is a 404 like any unknown server path).
 */
const SERVER_PREFIXES = ['/api', '/uploads', '/download', '/remotes', '/health', '/internal', '/metrics'];

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** A client-side route of the shell: a GET path without a file extension outside the server's prefixes. */
export function isSpaRoute(path: string): boolean {
  if (SERVER_PREFIXES.some((p) => under(path, p))) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** Paths Nest answers (the gateway's own API and health): the shell's files are not looked up for them. */
export function isGatewayRoute(path: string): boolean {
  return under(path, '/api') || under(path, '/health');
}
