import type { Server } from 'node:http';

/** How often idle keep-alive connections are closed while draining (a connection goes idle when its answer ends). */
const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections at once and waits, at most `graceMs`, for the open ones to finish their
 * requests. Idle keep-alive connections are closed at once and as soon as one goes idle (answers given
 * meanwhile should say `Connection: close`). Past the grace period, whatever is left is destroyed.
 * Resolves when no connection is left. The services' GracefulShutdown and the gateway both stop this way.
 */
export function drainConnections(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const grace = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(grace);
      resolve();
    });
    server.closeIdleConnections();
  });
}
