import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What each exposed page of a remote needs on its first visit, beyond the remote's entry and the shell's
 * startup files: its own chunks and style sheets, and the shell's chunks of the shared libraries it uses that
 * the shell does not load at startup (zod for a page with a form). Read from the `stats.json` the builds
 * write (build-kit's federation-stats-plugin.js), so a page opened from a bookmark can ask for them together
 * with the shell's code instead of one round trip after another.
 */

/** The part of a build's stats.json read here. */
interface BuildStats {
  exposes?: Record<string, { files?: string[]; shared?: Record<string, string[]> }>;
  startup?: { files?: string[]; shared?: Record<string, string[]> };
  providers?: Record<string, string[]>;
}

const STATS_FILE = 'stats.json';
const read = new Map<string, { size: number; mtimeMs: number; stats: BuildStats | null }>();

/** A build folder's stats, read again only when the file changed; null when missing or unreadable. */
export async function buildStats(dir: string): Promise<BuildStats | null> {
  const file = join(dir, STATS_FILE);
  try {
    const { size, mtimeMs } = await stat(file);
    const hit = read.get(file);
    if (hit && hit.size === size && hit.mtimeMs === mtimeMs) return hit.stats;
    let stats: BuildStats | null = null;
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      stats = typeof parsed === 'object' && parsed !== null ? (parsed as BuildStats) : null;
    } catch {
      stats = null;
    }
    read.set(file, { size, mtimeMs, stats });
    return stats;
  } catch {
    return null;
  }
}

const isAsset = (file: unknown): file is string =>
  typeof file === 'string' && /\.(js|css)$/.test(file) && !file.includes('..');

/**
 * `{"./FinancesPage": ["/remotes/finance/128.b67570e1.js", …, "/zod.25c75e22.js"]}`: each exposed page's files,
 * the remote's under `base` (where its entry lives), the shell's under `/`.
 */
export function firstVisitFiles(remote: BuildStats, base: string, shell: BuildStats | null): Record<string, string[]> {
  const atStartup = new Set([...(shell?.startup?.files ?? []), ...Object.values(shell?.startup?.shared ?? {}).flat()]);
  const out: Record<string, string[]> = {};
  for (const [expose, { files = [], shared = {} } = {}] of Object.entries(remote.exposes ?? {})) {
    const fromShell = Object.keys(shared)
      .flatMap((key) => shell?.providers?.[key] ?? [])
      .filter((file) => !atStartup.has(file));
    const list = [
      ...files.filter(isAsset).map((file) => `${base}${file}`),
      ...fromShell.filter(isAsset).map((file) => `/${file}`),
    ];
    out[expose] = [...new Set(list)];
  }
  return out;
}
