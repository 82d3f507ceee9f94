import { isUnder } from '@kcf/contracts';

/**
 * Paths Nest answers (the gateway's own API and health): the shell's files are not looked up for them. Every
 * other page of the app falls back to the shell's index.html (contracts' `isAppPage`).
 */
export function isGatewayRoute(path: string): boolean {
  return isUnder(path, '/api') || isUnder(path, '/health');
}
