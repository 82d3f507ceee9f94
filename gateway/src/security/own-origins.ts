import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

/** What the gateway knows of the machine it runs on: its host name and the addresses of its interfaces. */
export interface MachineNames {
  hostname: string;
  addresses: string[];
}

export function machineNames(): MachineNames {
  const addresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
  return { hostname: hostname(), addresses };
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
const ANY_ADDRESS = new Set(['', '0.0.0.0', '::']);

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `http://<host>:<port>` as a browser writes it in `Origin` (lower case, IPv6 in brackets, no `:80`); null when it is no host. */
function originOf(host: string, port: number): string | null {
  // An IPv6 address with a zone (`fe80::1%eth0`) is never in an Origin header.
  if (host.includes('%')) return null;
  try {
    return new URL(`http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`).origin;
  } catch {
    return null;
  }
}

/**
 * The origins a browser names for pages of a gateway listening on `host`:`port` (its own origins when no
 * PUBLIC_URL says otherwise): on a loopback address, the loopback names; on every address (0.0.0.0, ::), the
 * loopback names, the machine's host name and every address of the machine; on one address or name, that one.
 * They come from where the gateway listens, never from a request (its Host header is the client's to write).
 */
export function listenOrigins(host: string, port: number, machine: MachineNames = machineNames()): string[] {
  const name = host.trim().toLowerCase();
  const hosts = ANY_ADDRESS.has(name)
    ? [...LOOPBACK_NAMES, machine.hostname, ...machine.addresses]
    : isLoopback(name)
      ? [...LOOPBACK_NAMES, name]
      : [name];
  const origins = hosts.map((h) => originOf(h.toLowerCase(), port)).filter((o): o is string => o !== null);
  return [...new Set(origins)];
}
