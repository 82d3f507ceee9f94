// `npm run bench:web -- [--runs 5] [--profile slow4g|regular3g|all] [--children 200] [--build] [--files]`
// Figures, not a test: starts the one-process mode on a throwaway data folder, seeds the demo data, then
// drives Debian's Chromium through Playwright with CDP network and CPU throttling and prints, per profile,
// the median bytes, requests, FCP, LCP, content, TBT and CLS of the landing page, the sign-in to the
// dashboard and each remote's pages: reached from the dashboard (cold), opened again (warm) and opened
// directly in a fresh browser, beside their targets. Everything it starts is stopped again, also when it
// fails or is interrupted.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureBuilt, startApp } from './bench-web/app.mjs';
import { launchBrowser, PHONE } from './bench-web/browser.mjs';
import { describeProfile, PROFILES } from './bench-web/profiles.mjs';
import { LEGEND, renderFiles, renderLcpElements, renderNotes, renderProfile, summarize } from './bench-web/report.mjs';
import { runAll, SCENARIOS } from './bench-web/scenarios.mjs';
import { seedDemo } from './bench-web/seed.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    profile: { type: 'string', default: 'all' },
    children: { type: 'string', default: '200' },
    build: { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
    'max-minutes': { type: 'string', default: '20' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const runs = Number(values.runs);
const profiles = values.profile === 'all' ? Object.values(PROFILES) : [PROFILES[values.profile]];
if (!Number.isInteger(runs) || runs < 1 || profiles.some((p) => !p)) {
  console.error(`Usage: npm run bench:web -- [--runs N] [--profile ${Object.keys(PROFILES).join('|')}|all] [--files]`);
  process.exit(2);
}
if (!existsSync(values.chromium)) {
  console.error(`Chromium not found at ${values.chromium} (set CHROMIUM_PATH or --chromium).`);
  process.exit(2);
}

const ADMIN = { username: 'benchweb', password: 'Bench!Web9pass' };
const started = Date.now();
/** Other work on the machine slows the throttled CPU further: the report shows the load around the run. */
const startLoad = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
let app = null;
let browser = null;
let cleaning = null;
/** Set by a signal or the time limit: stop measuring and clean up. */
let aborted = false;
const log = (line) => aborted || console.log(line);

function cleanUp() {
  cleaning ??= (async () => {
    await browser?.close().catch(() => undefined);
    await app?.stop().catch((err) => console.error(`stopping the app: ${err}`));
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    aborted = true;
    console.error(`\n${signal}: stopping the app and the browser…`);
    cleanUp().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(
  () => {
    aborted = true;
    console.error(`\nThe benchmark ran longer than ${values['max-minutes']} minutes: stopping.`);
    cleanUp().finally(() => {
      printReport(' — stopped at the time limit: the runs completed so far');
      process.exit(1);
    });
  },
  Number(values['max-minutes']) * 60_000,
);
watchdog.unref();

/** Every profile measured so far, with the runs it completed. */
const progress = [];
let seedSummary = 'demo data: not seeded';

function printReport(note = '') {
  const done = progress.filter((p) => p.results.length > 0);
  if (done.length === 0) return;
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(`\n${seedSummary}${note}`);
  const measured = done.map(({ profile, results }) => ({ profile, results, rows: summarize(SCENARIOS, results) }));
  for (const { profile, rows, results } of measured) console.log(renderProfile(profile, rows, results.length));
  const notes = measured.flatMap(({ profile, rows }) => renderNotes(rows).map((n) => `${profile.title}: ${n}`));
  if (notes.length) console.log(`\nNotes:\n  ${notes.join('\n  ')}`);
  const [first] = measured;
  const lcp = renderLcpElements(first.rows);
  if (lcp.length) console.log(`\nLargest paint (${first.profile.title}, first sample):\n  ${lcp.join('\n  ')}`);
  if (values.files)
    console.log(`\nFiles of the first ${first.profile.title} run:\n${renderFiles(SCENARIOS, first.results[0])}`);
  console.log(`\n${LEGEND}`);
  console.log(
    `Total time ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${startLoad} at the start, ${load} at the end.`,
  );
}

async function main() {
  await ensureBuilt({ force: values.build, log });
  app = await startApp({ admin: ADMIN, log });
  log(`Seeding the demo data (${values.children} children)…`);
  seedSummary = (await seedDemo({ url: app.url, admin: ADMIN, children: Number(values.children) })).summary;
  log(seedSummary);
  browser = await launchBrowser(values.chromium);
  log(
    `Chromium ${browser.version()}, ${PHONE.viewport.width}x${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}x (mobile)`,
  );

  for (const profile of profiles) {
    log(`\n${describeProfile(profile)}`);
    const entry = { profile, results: [] };
    progress.push(entry);
    for (let i = 0; i < runs && !aborted; i++) {
      const runStarted = Date.now();
      const result = await runAll(browser, { profile, url: app.url, admin: ADMIN });
      if (aborted) return;
      entry.results.push(result);
      log(`  run ${i + 1}/${runs} took ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
    }
  }
  printReport();
}

try {
  await main();
} catch (err) {
  if (!aborted)
    console.error(`\nThe web benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
