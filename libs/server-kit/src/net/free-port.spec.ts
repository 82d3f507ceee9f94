import { createServer, type Server } from 'node:net';
import { freePort, portIsFree } from './free-port';

describe('freePort', () => {
  it('returns a port nothing listens on, which can then be taken', async () => {
    const port = await freePort();
    expect(Number.isInteger(port)).toBe(true);
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThan(65536);
    expect(await portIsFree(port)).toBe(true);
  });

  it('tells a taken port from a free one', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await portIsFree(port)).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
