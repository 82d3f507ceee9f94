import { isAppPage } from '@kcf/contracts';

/** A client-side route of the shell: a GET path the shell's index.html answers (contracts' `isAppPage`). */
export const isSpaRoute = isAppPage;

/** Paths Nest answers (the gateway's own API and health): the shell's files are not looked up for them. */
export function isGatewayRoute(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/health' || path.startsWith('/health/');
}
