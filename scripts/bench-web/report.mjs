// The benchmark's tables: medians per visit, the targets beside them, met or missed by how much.
import { median } from './metrics.mjs';
import { describeProfile, TARGETS } from './profiles.mjs';

const KiB = 1024;

export const LEGEND = [
  'KiB: bytes as sent over the wire (compressed, with headers), from Network.loadingFinished.encodedDataLength;',
  'req: requests that reached the server (304 revalidations included); cached: answered from the browser cache.',
  'cold: a fresh browser context; warm: the same context again (landing and sections: the address opened',
  'again; sign-in: signed out, then in again); fresh: a new browser context holding only the session cookie',
  'opens the address directly (a bookmark). FCP/LCP from the navigation start, or from the click for the',
  "sign-in and the sections reached from the dashboard (Chromium's soft-navigation and",
  'interaction-contentful-paint entries where the page does not reload). TBT as Lighthouse counts it:',
  'long tasks clipped at FCP, the part over 50 ms summed, until the network is quiet. LT: every long',
  "task's full duration since the start. CLS: worst session window of shifts without recent input.",
  'content: the page heading in <main> with nothing there loading any more (no skeleton, nothing aria-busy).',
].join('\n');
const FIGURES = ['bytes', 'jsBytes', 'requests', 'cacheHits', 'fcp', 'lcp', 'content', 'tbt', 'busy', 'cls'];
/** The ways a page is reached: cold (from the dashboard, first time), warm (again), fresh (a new browser opens it). */
const CACHES = ['cold', 'warm', 'fresh'];

/** Median of every figure over the runs that produced the sample. */
export function summarize(scenarios, results) {
  const rows = [];
  for (const scenario of scenarios) {
    const runs = results.map((r) => r[scenario.id]).filter(Boolean);
    for (const cache of CACHES) {
      const samples = runs.map((r) => r[cache]).filter(Boolean);
      // Only sections are opened in a fresh browser.
      if (cache === 'fresh' && !scenario.page) continue;
      const title = cache === 'fresh' ? `fresh browser → ${scenario.page.path}` : scenario.title;
      const row = { scenario: scenario.id, title, cache, runs: samples.length, of: runs.length };
      for (const f of FIGURES) row[f] = median(samples.map((s) => s[f]));
      row.errors = [...new Set(runs.filter((r) => !r[cache] && r.error).map((r) => r.error))];
      row.failures = [...new Set(samples.flatMap((s) => s.failures))];
      row.lcpElement = samples.find((s) => s.lcpElement)?.lcpElement ?? null;
      rows.push(row);
    }
  }
  return rows;
}

function verdicts(profileId, row) {
  return (TARGETS[profileId] ?? [])
    .filter((t) => t.applies(row))
    .map((t) => {
      const value = row[t.metric];
      if (value === null || value === undefined)
        return { target: t, text: `${t.label}: no figure`, met: false, missedBy: null };
      const met = value <= t.max;
      const over = value - t.max;
      const missedBy =
        t.metric === 'bytes' || t.metric === 'jsBytes'
          ? `${(over / KiB).toFixed(1)} KiB`
          : t.metric === 'cls'
            ? over.toFixed(3)
            : `${Math.round(over)} ms`;
      return { target: t, met, missedBy, text: met ? `${t.label} met` : `${t.label} MISSED by ${missedBy}` };
    });
}

const fmt = {
  kib: (v) => (v === null ? '–' : (v / KiB).toFixed(1)),
  int: (v) => (v === null ? '–' : String(Math.round(v))),
  cls: (v) => (v === null ? '–' : v.toFixed(3)),
};

function table(header, lines) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const right = (i) => i > 0 && i < header.length - 1;
  const render = (cells) =>
    cells
      .map((c, i) => (right(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join('\n');
}

/** The table of one profile, and the list of missed targets under it. */
export function renderProfile(profile, rows, runs) {
  const header = [
    'visit',
    'KiB',
    'JS KiB',
    'req',
    'cached',
    'FCP ms',
    'LCP ms',
    'content ms',
    'TBT ms',
    'LT ms',
    'CLS',
    'targets',
  ];
  const misses = [];
  const lines = rows.map((row) => {
    const v = verdicts(profile.id, row);
    for (const x of v) if (!x.met) misses.push(`${row.title} (${row.cache}): ${x.text}`);
    const failed = row.runs < runs ? ` [${runs - row.runs}/${runs} runs failed]` : '';
    return [
      `${row.title} (${row.cache})`,
      fmt.kib(row.bytes),
      fmt.kib(row.jsBytes),
      fmt.int(row.requests),
      fmt.int(row.cacheHits),
      fmt.int(row.fcp),
      fmt.int(row.lcp),
      fmt.int(row.content),
      fmt.int(row.tbt),
      fmt.int(row.busy),
      fmt.cls(row.cls),
      v.map((x) => x.text).join('; ') + failed,
    ];
  });
  const out = [`\n${describeProfile(profile)} — median of ${runs} run${runs === 1 ? '' : 's'}`, table(header, lines)];
  out.push(
    misses.length ? `Missed on ${profile.title}:\n  ${misses.join('\n  ')}` : `Every ${profile.title} target met.`,
  );
  return out.join('\n');
}

/** What went wrong or looked wrong during the visits (failed runs, error answers, the LCP element). */
export function renderNotes(rows) {
  const lines = [];
  for (const row of rows) {
    const name = `${row.title} (${row.cache})`;
    for (const e of row.errors) lines.push(`${name}: run failed: ${e}`);
    // Signed out, the shell learns it from a 401 on /api/auth/user: expected, not worth a note.
    const failures = row.failures.filter((f) => !(row.scenario === 'landing' && f === 'GET /api/auth/user → 401'));
    if (failures.length) lines.push(`${name}: error answers: ${failures.join(', ')}`);
  }
  return lines;
}

/** The largest-paint element of each visit: what the LCP figure is the time of. */
export function renderLcpElements(rows) {
  return rows.filter((r) => r.lcpElement).map((r) => `${r.title} (${r.cache}): ${r.lcpElement}`);
}

/** Per-file transfers of one run's visits, largest first. */
export function renderFiles(scenarios, result) {
  const out = [];
  for (const scenario of scenarios) {
    const r = result[scenario.id];
    if (!r) continue;
    for (const cache of CACHES) {
      const sample = r[cache];
      if (!sample) continue;
      out.push(`${scenario.title} (${cache}): ${(sample.bytes / KiB).toFixed(1)} KiB in ${sample.requests} requests`);
      const files = [...sample.files].sort((a, b) => b.bytes - a.bytes);
      for (const f of files) {
        const where = f.fromCache ? 'cache' : `${(f.bytes / KiB).toFixed(1).padStart(6)} KiB`;
        out.push(`  ${where.padStart(10)}  ${(f.type ?? '?').padEnd(10)} ${f.status ?? ''} ${new URL(f.url).pathname}`);
      }
    }
  }
  return out.join('\n');
}
