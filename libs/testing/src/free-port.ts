import { createServer } from 'node:net';

/** Asks the operating system for a TCP port on 127.0.0.1 that nothing listens on right now. */
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
