// The visits the web benchmark measures, cold (a fresh browser context: empty cache) and warm (the same
// context again: what a repeat visit costs). Only the measured step runs throttled; getting there (opening
// the login form, loading the dashboard) runs at full speed.
//
// - landing: open / (cold), then open it again (warm).
// - login: submit the login form (cold: the form itself was loaded first, as a person would), then sign
//   out (cookies cleared), open the form again and submit (warm).
// - a section: from the dashboard, click its sidebar link (cold: the remote's code was never fetched in
//   this context), then open the section's address again (warm: a reload of the section). A child's
//   profile: the same, through the first child of the dashboard's newest beneficiaries.
//   Sections of the same remote are measured in different contexts, so each one's first visit is cold.
// - a section in a fresh browser: a new context that holds only the session cookie opens the section's
//   address directly (a bookmark in a browser that never loaded the app: nothing cached, nothing remembered).
import { newBenchContext, openMeasuredPage } from './browser.mjs';
import { visitFigures } from './metrics.mjs';

/** Network quiet this long after the page is shown ends a visit (longer than any gap in a load chain). */
const QUIET_MS = 750;
/** Before a measured click: whatever the page was still fetching has landed. */
const SETTLED_MS = 250;

// `link`: the sidebar link's name; `child`: the first child's name in the dashboard's newest beneficiaries.
export const REMOTE_PAGES = [
  { id: 'beneficiaries', remote: 'mf_beneficiaries', path: '/beneficiaries', link: 'Beneficiaries' },
  { id: 'child', remote: 'mf_beneficiaries', path: '/beneficiaries/:id', child: true },
  { id: 'gifts', remote: 'mf_beneficiaries', path: '/gifts', link: 'Gifts' },
  { id: 'finances', remote: 'mf_finance', path: '/finances', link: 'Finances' },
  { id: 'budget', remote: 'mf_finance', path: '/budget', link: 'Budget' },
  { id: 'users', remote: 'mf_admin', path: '/users', link: 'User Management' },
];

/** The rows of the table, in order. */
export const SCENARIOS = [
  { id: 'landing', title: 'landing page' },
  { id: 'login', title: 'sign-in → dashboard' },
  ...REMOTE_PAGES.map((p) => ({ id: p.id, title: `dashboard → ${p.path}`, page: p })),
];

/** Groups of sections with at most one page per remote: one browser context each. */
function sectionGroups() {
  const groups = [];
  for (const page of REMOTE_PAGES) {
    let group = groups.find((g) => !g.some((p) => p.remote === page.remote));
    if (!group) groups.push((group = []));
    group.push(page);
  }
  return groups;
}

const errorText = (err) => (err instanceof Error ? err.message.split('\n')[0] : String(err));

async function sample(m, t0) {
  const probe = await m.probe();
  return { ...m.meter.summary(), ...visitFigures(probe, t0 ?? probe.click ?? probe.timeOrigin) };
}

const landingShown = (page) => page.getByText('It Takes A Village To Raise A Child').first().waitFor();
const dashboardShown = (page) => page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

/**
 * The section's own heading has replaced the dashboard's and no loading skeleton is left. (While a
 * route's code downloads inside a transition, React may keep the old page on screen: the URL alone says
 * nothing.) A section without a heading ends the wait after 20 s; the figures then show it.
 */
async function sectionShown(page) {
  await page
    .waitForFunction(
      () => {
        const heading = document.querySelector('main h1');
        return (
          heading && heading.textContent !== 'Dashboard' && !document.querySelector('[aria-label="Loading section"]')
        );
      },
      null,
      { timeout: 20_000, polling: 100 },
    )
    .catch(() => undefined);
}

/** The section's content is complete (page-probe.mjs): its heading, nothing in <main> still loading. */
async function contentShown(page) {
  await page
    .waitForFunction(
      () => {
        const changes = window.__kcfBench?.content ?? [];
        const last = changes[changes.length - 1];
        return last && last.heading !== null && last.heading !== 'Dashboard';
      },
      null,
      { timeout: 20_000, polling: 100 },
    )
    .catch(() => undefined);
}

async function sectionDone(page) {
  await sectionShown(page);
  await contentShown(page);
}

/** Opens `path` throttled and measures it from the navigation start. */
async function measureLoad(m, env, path, shown) {
  await m.throttle(env.profile);
  m.meter.start();
  await m.page.goto(`${env.url}${path}`, { waitUntil: 'load' });
  await shown(m.page);
  await m.meter.waitForQuiet(QUIET_MS);
  const probe = await m.probe();
  const result = { ...m.meter.summary(), ...visitFigures(probe, probe.timeOrigin) };
  await m.unthrottle();
  return result;
}

async function signIn(m, env) {
  await m.page.goto(`${env.url}/login`, { waitUntil: 'commit' });
  await m.page.getByLabel('Username').fill(env.admin.username);
  await m.page.getByLabel(/^Password/).fill(env.admin.password);
  await m.meter.waitForQuiet(SETTLED_MS);
  await m.throttle(env.profile);
  m.meter.start();
  await m.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await dashboardShown(m.page);
  await m.meter.waitForQuiet(QUIET_MS);
  const result = await sample(m);
  await m.unthrottle();
  return result;
}

/** The link the visit clicks on the dashboard, and the address it leads to. */
async function linkTo(m, target) {
  if (target.child) {
    const link = m.page.locator('main a[href^="/beneficiaries/"]').first();
    await link.waitFor();
    return { link, path: new URL(await link.evaluate((a) => a.href)).pathname };
  }
  // On a phone the sidebar is a drawer behind the menu button.
  const menu = m.page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  const link = m.page.getByRole('link', { name: target.link, exact: true });
  await link.waitFor();
  return { link, path: target.path };
}

/** Clicks through from the dashboard; returns the figures and the address reached (for the repeat visit). */
async function fromDashboard(m, env, target) {
  await m.page.goto(`${env.url}/`, { waitUntil: 'commit' });
  await dashboardShown(m.page);
  await m.meter.waitForQuiet(SETTLED_MS);
  const { link, path } = await linkTo(m, target);
  await m.throttle(env.profile);
  m.meter.start();
  await link.click();
  await m.page.waitForURL((u) => u.pathname === path);
  await sectionShown(m.page);
  await contentShown(m.page);
  await m.meter.waitForQuiet(QUIET_MS);
  const result = await sample(m);
  await m.unthrottle();
  return { result, path };
}

/** A context signed in through the API: it holds the session cookie and nothing else. */
async function signInContext(context, env) {
  const res = await context.request.post(`${env.url}/api/login/local`, { data: env.admin });
  if (!res.ok()) throw new Error(`sign-in for the section visits failed: ${res.status()}`);
}

/** The address of the section `target` in a fresh browser (a child's profile: the newest child's). */
async function addressOf(context, env, target) {
  if (!target.child) return target.path;
  const res = await context.request.get(`${env.url}/api/beneficiaries?limit=1`);
  const [child] = res.ok() ? await res.json() : [];
  if (!child?.id) throw new Error(`no child to open (GET /api/beneficiaries → ${res.status()})`);
  return `/beneficiaries/${encodeURIComponent(child.id)}`;
}

/** Runs `visits` in one tab of a fresh context; a failure ends that tab's remaining visits. */
async function inFreshTab(browser, prepare, visits) {
  const context = await newBenchContext(browser);
  try {
    await prepare(context);
    const m = await openMeasuredPage(context);
    for (const visit of visits) await visit(m, context);
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function attempt(record, id, body) {
  try {
    await body();
  } catch (err) {
    record[id] = { ...(record[id] ?? {}), error: errorText(err) };
  }
}

/** One run of every scenario: `{ [scenarioId]: { cold, warm } | { cold?, error } }`. */
export async function runAll(browser, env) {
  const result = Object.fromEntries(SCENARIOS.map((s) => [s.id, {}]));
  const none = async () => undefined;

  await attempt(result, 'landing', () =>
    inFreshTab(browser, none, [
      async (m) => (result.landing.cold = await measureLoad(m, env, '/', landingShown)),
      async (m) => (result.landing.warm = await measureLoad(m, env, '/', landingShown)),
    ]),
  );

  await attempt(result, 'login', () =>
    inFreshTab(browser, none, [
      async (m) => (result.login.cold = await signIn(m, env)),
      async (m, context) => {
        await context.clearCookies();
        result.login.warm = await signIn(m, env);
      },
    ]),
  );

  for (const group of sectionGroups()) {
    const signedIn = (context) => signInContext(context, env);
    const visits = group.map((target) => async (m) => {
      await attempt(result, target.id, async () => {
        const visit = await fromDashboard(m, env, target);
        result[target.id].cold = visit.result;
        result[target.id].warm = await measureLoad(m, env, visit.path, sectionDone);
      });
      await m.unthrottle().catch(() => undefined);
    });
    try {
      await inFreshTab(browser, signedIn, visits);
    } catch (err) {
      for (const target of group) if (!result[target.id].cold) result[target.id].error ??= errorText(err);
    }
  }

  // Each section opened directly in a browser of its own, with only the session cookie.
  for (const target of REMOTE_PAGES) {
    await attempt(result, target.id, async () => {
      let path = null;
      await inFreshTab(
        browser,
        async (context) => {
          await signInContext(context, env);
          path = await addressOf(context, env, target);
        },
        [async (m) => (result[target.id].fresh = await measureLoad(m, env, path, sectionDone))],
      );
    });
  }
  return result;
}
