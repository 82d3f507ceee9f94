import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where picked ports start: above the well-known ports databases and brokers use by default. */
const LOWEST = 10_000;

/**
 * The first port the operating system hands to outgoing connections (Linux reads it from
 * /proc/sys/net/ipv4/ip_local_port_range; elsewhere the IANA range, which starts at 49152).
 */
export function ephemeralPortStart(rangeFile = '/proc/sys/net/ipv4/ip_local_port_range'): number {
  try {
    const low = Number(readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > LOWEST + 1000) return low;
  } catch {
    /* not Linux */
  }
  return 49_152;
}

/** Ports this process has handed out: two asks never get the same port, even before either listens. */
const handedOut = new Set<number>();

/**
 * A TCP port on `host` that nothing listens on right now (the launcher's ports in the one-process and
 * distributed modes, and the test servers' ports). Also `@kcf/server-kit/free-port`, which loads nothing
 * else (the distributed launcher is plain JavaScript).
 *
 * The port is picked at random below the range the operating system takes outgoing connections' ports
 * from: a port of that range, free when checked, can be taken a moment later by any connection the machine
 * opens (to PostgreSQL, NATS, …), and the server started on it then fails with EADDRINUSE.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const span = ephemeralPortStart() - LOWEST;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * span);
    if (handedOut.has(port)) continue;
    // Reserved before the check: two concurrent asks that drew the same port must not both see it free.
    handedOut.add(port);
    if (await portIsFree(port, host)) return port;
    handedOut.delete(port);
  }
  throw new Error(`No free port found between ${LOWEST} and ${LOWEST + span}`);
}

/** Whether nothing listens on `port` of `host` right now. */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
