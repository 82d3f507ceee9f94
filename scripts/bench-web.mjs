// `npm run bench:web -- [--runs 5] [--profile slow4g|regular3g|all] [--children 200] [--build] [--files]`
// Figures, not a test: starts the one-process mode on a throwaway data folder, seeds the demo data, then
// drives Debian's Chromium through Playwright with CDP network and CPU throttling and prints, per profile,
// the median bytes, requests, FCP, LCP, TBT and CLS of the landing page, the sign-in to the dashboard and
// the first visit of each remote's main page, cold and warm, beside the targets of the issue "Fast on a
// slow phone". Everything it starts is stopped again, also when it fails or is interrupted.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureBuilt, startApp } from './bench-web/app.mjs';
import { launchBrowser, PHONE } from './bench-web/browser.mjs';
import { describeProfile, PROFILES } from './bench-web/profiles.mjs';
import { renderFiles, renderLcpElements, renderNotes, renderProfile, summarize } from './bench-web/report.mjs';
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
let app = null;
let browser = null;
let cleaning = null;
/** Set by a signal or the time limit: stop measuring, print nothing more, clean up. */
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
    cleanUp().finally(() => process.exit(1));
  },
  Number(values['max-minutes']) * 60_000,
);
watchdog.unref();

async function main() {
  await ensureBuilt({ force: values.build, log });
  app = await startApp({ admin: ADMIN, log });
  log(`Seeding the demo data (${values.children} children)…`);
  const seed = await seedDemo({ url: app.url, admin: ADMIN, children: Number(values.children) });
  log(seed.summary);
  browser = await launchBrowser(values.chromium);
  log(`Chromium ${browser.version()}, ${PHONE.viewport.width}x${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}x (mobile)`);

  const output = [];
  for (const profile of profiles) {
    log(`\n${describeProfile(profile)}`);
    const results = [];
    for (let i = 0; i < runs && !aborted; i++) {
      const runStarted = Date.now();
      results.push(await runAll(browser, { profile, url: app.url, admin: ADMIN }));
      log(`  run ${i + 1}/${runs} took ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
    }
    if (aborted) return;
    const rows = summarize(SCENARIOS, results);
    output.push({ profile, rows, first: results[0] });
  }

  console.log(`\n${seed.summary}`);
  for (const { profile, rows } of output) console.log(renderProfile(profile, rows, runs));
  const notes = output.flatMap(({ profile, rows }) => renderNotes(rows).map((n) => `${profile.title}: ${n}`));
  if (notes.length) console.log(`\nNotes:\n  ${notes.join('\n  ')}`);
  const lcp = renderLcpElements(output[0].rows);
  if (lcp.length) console.log(`\nLargest paint (${output[0].profile.title}, first sample):\n  ${lcp.join('\n  ')}`);
  if (values.files) console.log(`\nFiles of the first ${output[0].profile.title} run:\n${renderFiles(SCENARIOS, output[0].first)}`);
  console.log(
    '\nKiB: bytes as sent over the wire (compressed, with headers), from Network.loadingFinished.encodedDataLength;' +
      '\nreq: requests that reached the server (304 revalidations included); cached: answered from the browser cache.' +
      '\ncold: a fresh browser context; warm: the same context again (landing and sections: the address opened' +
      '\nagain; sign-in: signed out, then in again). FCP/LCP from the navigation start, or from the click for the' +
      '\nsign-in and the sections reached from the dashboard (Chromium\'s soft-navigation and' +
      '\ninteraction-contentful-paint entries where the page does not reload). TBT as Lighthouse counts it:' +
      '\nlong tasks clipped at FCP, the part over 50 ms summed, until the network is quiet. LT: every long' +
      '\ntask\'s full duration since the start. CLS: worst session window of shifts without recent input.' +
      `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
}

try {
  await main();
} catch (err) {
  if (!aborted) console.error(`\nThe web benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
