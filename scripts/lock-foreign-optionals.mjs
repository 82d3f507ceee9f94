// Keeps package-lock.json complete for other platforms.
// The registry this project is built against answers 404 for native packages of other platforms
// (macOS, Windows, ...), so `npm install` here drops them from the lock file and `npm ci` then calls the
// lock "out of sync". This adds the missing platform-specific optional packages back, with the os/cpu that
// npm checks before it fetches anything, so `npm ci` skips them here and installs them on their platform.
// Run after `npm install`: node scripts/lock-foreign-optionals.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'loong64', 'riscv64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : parts.includes('gnu') || parts.includes('gnueabihf')
      ? 'glibc'
      : undefined;
  return os && cpu ? { os, cpu, libc } : null;
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === '' ? '' : `${key}/`;
    const nested = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+$/.test(range)) continue;
    lock.packages[hoisted] = {
      version: range,
      cpu: [platform.cpu],
      ...(platform.libc && platform.os === 'linux' ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} platform-specific optional packages to package-lock.json`);
