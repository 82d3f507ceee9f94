// Debian's Chromium through Playwright, with the e2e suite's flags, a phone-sized screen, and a measured
// page: its CDP session throttles network and CPU on demand and counts what it fetches.
import { chromium } from 'playwright-core';
import { NetworkMeter } from './network-meter.mjs';
import { pageProbe, readProbe } from './page-probe.mjs';
import { networkConditions } from './profiles.mjs';

/** The flags of e2e/playwright.config.ts. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse's mobile screen (a Moto G Power: 412 x 823 CSS pixels at 1.75x). */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Signals are the benchmark's to handle: it closes the browser and then stops the app. */
export function launchBrowser(executablePath) {
  return chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

export async function newBenchContext(browser) {
  const context = await browser.newContext({ ...PHONE });
  await context.addInitScript(pageProbe);
  return context;
}

const NO_THROTTLING = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** A page of `context` with its own CDP session, unthrottled until `throttle()`. */
export async function openMeasuredPage(context) {
  const page = await context.newPage();
  // The slowest visit takes a few seconds even on Regular 3G: a step that needs more has failed.
  page.setDefaultTimeout(20_000);
  const cdp = await context.newCDPSession(page);
  const meter = await NetworkMeter.attach(cdp);
  return {
    page,
    meter,
    async throttle(profile) {
      await cdp.send('Network.emulateNetworkConditions', networkConditions(profile));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    },
    async unthrottle() {
      await cdp.send('Network.emulateNetworkConditions', NO_THROTTLING);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    },
    probe: () => page.evaluate(readProbe),
    async close() {
      await cdp.detach().catch(() => undefined);
      await page.close().catch(() => undefined);
    },
  };
}
