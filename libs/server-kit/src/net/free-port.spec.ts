import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ephemeralPortStart, freePort, portIsFree } from './free-port';

describe('freePort', () => {
  it('returns a port nothing listens on, which can then be taken', async () => {
    const port = await freePort();
    expect(Number.isInteger(port)).toBe(true);
    expect(await portIsFree(port)).toBe(true);
  });

  it('picks below the ports outgoing connections take, so no connection can hold it before the server listens', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralPortStart());
    }
  });

  it('never hands out the same port twice, even before either is listened on', async () => {
    const ports = await Promise.all(Array.from({ length: 200 }, () => freePort()));
    expect(new Set(ports).size).toBe(200);
  });

  it('two concurrent asks that draw the same number still get two ports', async () => {
    const realRandom = Math.random.bind(Math);
    const draws: number[] = [];
    const random = jest.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? realRandom());
    try {
      for (let round = 0; round < 20; round++) {
        draws.splice(0, draws.length, 0.5 + round / 100, 0.5 + round / 100);
        const [a, b] = await Promise.all([freePort(), freePort()]);
        expect(a).not.toBe(b);
      }
    } finally {
      random.mockRestore();
    }
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

describe('ephemeralPortStart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'port-range-'));

  it("reads the low end of Linux's range", () => {
    const file = join(dir, 'range');
    writeFileSync(file, '40000\t60999\n');
    expect(ephemeralPortStart(file)).toBe(40_000);
  });

  it('falls back to the IANA range where the file is missing or makes no sense', () => {
    expect(ephemeralPortStart(join(dir, 'missing'))).toBe(49_152);
    const file = join(dir, 'odd');
    writeFileSync(file, '1024 65535');
    expect(ephemeralPortStart(file)).toBe(49_152);
  });
});
