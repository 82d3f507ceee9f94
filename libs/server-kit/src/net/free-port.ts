import { createServer } from 'node:net';

/**
 * Asks the operating system for a TCP port on `host` that nothing listens on right now (the launcher's
 * ports in the one-process and distributed modes, and the test servers' ports). Also
 * `@kcf/server-kit/free-port`, which loads nothing else (the distributed launcher is plain JavaScript).
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('Could not read the port the operating system chose'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
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
