// What runs inside every document the benchmark opens (installed with `addInitScript`, so before the
// app's own scripts): performance observers that keep their entries, the moments a page's content is
// complete, and the moment of the last click.

/**
 * Runs in the page. Keeps paint, LCP, interaction-contentful-paint (LCP of what a click brought in),
 * soft-navigation, long-task and layout-shift entries on `window.__kcfBench`, with the document's
 * timeOrigin so times from two documents can be compared. The last click's time and, when the document
 * is left, its long tasks and layout shifts are kept in sessionStorage: a sign-in that reloads the page
 * is measured across both documents.
 */
export function pageProbe() {
  const CLICK_KEY = 'kcf-bench-click';
  const PREVIOUS_KEY = 'kcf-bench-previous';
  const state = { timeOrigin: performance.timeOrigin, entries: [] };
  Object.defineProperty(window, '__kcfBench', { value: state });
  const keep = (e) => {
    const item = {
      type: e.entryType,
      name: e.name,
      startTime: e.startTime,
      duration: e.duration,
    };
    if (e.entryType === 'layout-shift') {
      item.value = e.value;
      item.hadRecentInput = e.hadRecentInput;
    }
    if (e.entryType === 'largest-contentful-paint') {
      item.size = e.size;
      item.url = e.url;
      item.element = e.element ? describe(e.element) : null;
    }
    if (e.entryType === 'soft-navigation' || e.entryType === 'paint') {
      item.paintAt = e.presentationTime || e.paintTime || e.startTime + e.duration;
    }
    if (e.entryType === 'interaction-contentful-paint') {
      const lcp = e.largestContentfulPaint;
      item.paintAt = e.presentationTime || e.paintTime || e.startTime + e.duration;
      item.largest = lcp
        ? { startTime: lcp.startTime, size: lcp.size, element: lcp.element ? describe(lcp.element) : null }
        : null;
    }
    state.entries.push(item);
  };
  function describe(el) {
    const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''}${text ? ` "${text}"` : ''}`;
  }
  // Content: the page's heading is in <main> and nothing there is still loading (no skeleton, nothing
  // aria-busy, no section skeleton). Each change is noted (`heading` null while something loads), at the
  // DOM change (a frame before it is painted).
  state.content = [];
  let shown = null;
  const checkContent = () => {
    const main = document.querySelector('main');
    const heading = main?.querySelector('h1');
    const done = heading && !main.querySelector('.kcf-skeleton, [aria-busy="true"], [aria-label="Loading section"]');
    const text = done ? (heading.textContent || '').trim().slice(0, 40) : null;
    if (text !== shown) state.content.push({ at: performance.now(), heading: text });
    shown = text;
  };
  new MutationObserver(checkContent).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy', 'class', 'aria-label'],
  });
  const types = [
    'paint',
    'largest-contentful-paint',
    'interaction-contentful-paint',
    'soft-navigation',
    'longtask',
    'layout-shift',
  ];
  for (const type of types) {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(keep)).observe({ type, buffered: true });
    } catch {
      // An entry type this Chromium does not know: its figures stay empty.
    }
  }
  document.addEventListener(
    'click',
    (event) => {
      try {
        sessionStorage.setItem(CLICK_KEY, String(performance.timeOrigin + event.timeStamp));
      } catch {}
    },
    true,
  );
  addEventListener('pagehide', () => {
    const carried = state.entries
      .filter((e) => e.type === 'longtask' || e.type === 'layout-shift')
      .map((e) => ({ ...e, at: state.timeOrigin + e.startTime }));
    try {
      sessionStorage.setItem(PREVIOUS_KEY, JSON.stringify(carried));
    } catch {}
  });
}

/** Runs in the page: what the probe gathered in this document and carried over from the previous one. */
export function readProbe() {
  const state = window.__kcfBench ?? { timeOrigin: performance.timeOrigin, entries: [] };
  let previous = [];
  try {
    previous = JSON.parse(sessionStorage.getItem('kcf-bench-previous') ?? '[]');
  } catch {}
  const click = Number(sessionStorage.getItem('kcf-bench-click') ?? NaN);
  return {
    timeOrigin: state.timeOrigin,
    entries: state.entries,
    content: state.content ?? [],
    previous,
    click: Number.isFinite(click) ? click : null,
  };
}
