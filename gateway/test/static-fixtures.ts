import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

export const HASHED_JS = 'main.0a1b2c3d4e5f.js';
/** Big enough to be compressed on the fly. */
export const PLAIN_TEXT = 'notes.txt';
export const SHELL_INDEX =
  '<!doctype html><html><head><script src="/main.0a1b2c3d4e5f.js"></script></head><body><div id="root"></div></body></html>';
/** A chunk of each remote, and the stats.json each build writes (build-kit's federation-stats-plugin.js). */
export const REMOTE_CHUNK = `412.${'9f8e7d6c'.repeat(2)}.js`;
export const SHELL_STATS = { startup: { files: [HASHED_JS], shared: {} }, providers: { zod: ['zod.0123abcd.js'] } };
export const remoteStats = (name: string) => ({
  exposes: { [`./${name}Page`]: { files: [REMOTE_CHUNK, '412.9f8e7d6c.css'], shared: { zod: [] } } },
});

export interface StaticFixtures {
  root: string;
  shell: string;
  remote(name: string): string;
  cleanup(): void;
}

/** Built-looking folders for the shell and the three remotes, in a temporary directory. */
export function createStaticFixtures(): StaticFixtures {
  const root = mkdtempSync(join(tmpdir(), 'kcf-gateway-'));
  const shell = join(root, 'shell');
  mkdirSync(shell);
  writeFileSync(join(shell, 'index.html'), SHELL_INDEX);
  const js = `console.log(${JSON.stringify('shell '.repeat(400))});\n`;
  writeFileSync(join(shell, HASHED_JS), js);
  writeFileSync(join(shell, `${HASHED_JS}.br`), brotliCompressSync(js));
  writeFileSync(join(shell, PLAIN_TEXT), 'plain text that compresses well. '.repeat(200));
  writeFileSync(join(shell, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  writeFileSync(join(shell, 'stats.json'), JSON.stringify(SHELL_STATS));
  const remote = (name: string) => join(root, `mf-${name}`);
  for (const name of ['beneficiaries', 'finance', 'admin']) {
    mkdirSync(remote(name));
    writeFileSync(join(remote(name), 'remoteEntry.js'), `var mf_${name} = ${JSON.stringify(name.repeat(200))};\n`);
    writeFileSync(join(remote(name), REMOTE_CHUNK), `/* ${name} chunk */\n`);
    writeFileSync(join(remote(name), 'stats.json'), JSON.stringify(remoteStats(name)));
  }
  return { root, shell, remote, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
