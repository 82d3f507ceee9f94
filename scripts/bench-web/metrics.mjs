// Turns what the page probe gathered into the figures of one visit. Every time is in milliseconds from
// `t0`, an absolute time (performance.timeOrigin based): the navigation start of a page load, or the click
// that started a sign-in or a move to another page.
//
// - A visit that loaded a new document: FCP and LCP are that document's (first-contentful-paint, the last
//   largest-contentful-paint candidate), plus whatever passed between t0 and the document's start.
// - A visit inside the same document (client-side routing): FCP is the soft navigation's first contentful
//   paint, LCP the largest paint the click brought in (interaction-contentful-paint entries), as Chromium
//   reports them for single-page apps.
// - TBT: as Lighthouse counts it, from FCP on: every long task (in either document) is clipped to start
//   no earlier than FCP, and what is left beyond 50 ms is summed. Until the visit ends (network quiet),
//   not until TTI. Work before FCP shows in FCP and LCP instead, and in `busy`: every long task's full
//   duration since t0.
// - CLS: layout shifts after t0 without recent input, grouped in session windows (a gap over 1 s or a
//   window over 5 s starts a new one); the worst window counts.
// - Content: when the page's heading (not the dashboard's) stood in <main> with nothing there loading any
//   more, for good (the last change after t0 that made it so); null for a visit that never got there.

/** @param {{ timeOrigin: number, entries: any[], previous: any[] }} probe */
export function visitFigures(probe, t0) {
  const at = (e) => probe.timeOrigin + e.startTime;
  const newDocument = probe.timeOrigin >= t0 - 1;
  const own = probe.entries;

  let fcp = null;
  let lcp = null;
  let lcpElement = null;
  if (newDocument) {
    const paint = own.find((e) => e.type === 'paint' && e.name === 'first-contentful-paint');
    if (paint) fcp = at(paint) - t0;
    const candidates = own.filter((e) => e.type === 'largest-contentful-paint');
    const last = candidates[candidates.length - 1];
    if (last) {
      lcp = at(last) - t0;
      lcpElement = last.element;
    }
  } else {
    const soft = own.find((e) => e.type === 'soft-navigation' && at(e) >= t0 - 1);
    const paints = own.filter((e) => e.type === 'interaction-contentful-paint' && at(e) >= t0 - 1 && e.largest);
    if (soft) fcp = probe.timeOrigin + soft.paintAt - t0;
    else if (paints.length) fcp = probe.timeOrigin + Math.min(...paints.map((e) => e.paintAt)) - t0;
    // Like LCP: the largest candidate wins; a later paint of the same size replaces an earlier one.
    let best = null;
    for (const e of paints) if (!best || e.largest.size >= best.largest.size) best = e;
    if (best) {
      lcp = probe.timeOrigin + best.largest.startTime - t0;
      lcpElement = best.largest.element;
    }
  }

  const carried = newDocument ? probe.previous.filter((e) => e.at >= t0) : [];
  const timeline = [
    ...carried,
    ...own.filter((e) => e.type === 'longtask' || e.type === 'layout-shift').map((e) => ({ ...e, at: at(e) })),
  ].filter((e) => e.type === 'longtask' || e.at >= t0 - 1);

  // Lighthouse's clipping: a task is cut at FCP first, then what is left beyond 50 ms blocks.
  const from = t0 + (fcp ?? 0);
  const tbt = timeline
    .filter((e) => e.type === 'longtask')
    .reduce((sum, e) => sum + Math.max(0, e.at + e.duration - Math.max(e.at, from) - 50), 0);

  // All long-task time since t0, FCP or not: how much of the wait was the phone's CPU.
  const busy = timeline.filter((e) => e.type === 'longtask' && e.at >= t0 - 1).reduce((sum, e) => sum + e.duration, 0);
  const shifts = timeline.filter((e) => e.type === 'layout-shift' && !e.hadRecentInput);
  return { fcp, lcp, lcpElement, tbt, busy, cls: worstSessionWindow(shifts), content: contentTime(probe, t0) };
}

/** When the visited page's content was complete for good, from t0 (see above). */
export function contentTime(probe, t0) {
  const changes = (probe.content ?? [])
    .map((c) => ({ ...c, at: probe.timeOrigin + c.at }))
    .filter((c) => c.at >= t0 - 1);
  const last = changes[changes.length - 1];
  return last && last.heading !== null && last.heading !== 'Dashboard' ? last.at - t0 : null;
}

export function worstSessionWindow(shifts) {
  let worst = 0;
  let current = 0;
  let first = -Infinity;
  let previous = -Infinity;
  for (const s of [...shifts].sort((a, b) => a.at - b.at)) {
    if (s.at - previous > 1000 || s.at - first > 5000) {
      current = 0;
      first = s.at;
    }
    current += s.value;
    previous = s.at;
    worst = Math.max(worst, current);
  }
  return worst;
}

export function median(values) {
  const list = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (list.length === 0) return null;
  const mid = Math.floor(list.length / 2);
  return list.length % 2 ? list[mid] : (list[mid - 1] + list[mid]) / 2;
}
