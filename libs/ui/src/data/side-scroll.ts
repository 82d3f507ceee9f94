import { useLayoutEffect, type RefObject } from 'react';
import { ACTIONS_HEADER } from './card-cells';

/** At most this share of the table's width is kept in view (the key column and the actions). */
const ROOM_FOR_KEPT_COLUMNS = 0.65;

/** Sets or removes a marker attribute, and leaves it alone when it already says so (no restyle for nothing). */
function mark(element: HTMLElement, name: string, on: boolean) {
  if (element.hasAttribute(name) === on) return;
  if (on) element.setAttribute(name, '');
  else element.removeAttribute(name);
}

function setPixels(element: HTMLElement, property: string, value: number) {
  const text = `${Math.round(value)}px`;
  if (element.style.getPropertyValue(property) !== text) element.style.setProperty(property, text);
}

/**
 * Tells a table's frame how the table sits in its sideways scroller, for the styles to act on:
 * `data-actions` when the last column is the row's actions (its header says 'Actions': kept in view),
 * `data-key-sticky` when the key column is kept in view too (only while both leave room for the others),
 * `data-more-start` / `data-more-end` when more of the table is hidden that way (a fade shows at that
 * edge), and where those fades go (`--kcf-table-start`, `--kcf-table-end`: beside the columns kept in view).
 */
export function useSideScroll(
  frameRef: RefObject<HTMLElement | null>,
  scrollerRef: RefObject<HTMLElement | null>,
  keyColumn: number,
) {
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const scroller = scrollerRef.current;
    if (!frame || !scroller) return;
    let pending = 0;

    // One layout per measure: the marker that changes the columns' layout (`data-actions`: sticky, and on a
    // phone the buttons wrap) is written first, from the header's text alone; then every size is read, then
    // the rest is written. A write between two reads would make the browser lay the whole table out again
    // (on a slow phone, tens of milliseconds for a page of rows).
    const measure = () => {
      pending = 0;
      const head = scroller.querySelector('thead');
      const headers = head?.rows[head.rows.length - 1]?.cells;
      const last = headers?.[headers.length - 1];
      const actions = !!last && ACTIONS_HEADER.test(last.textContent ?? '');
      mark(frame, 'data-actions', actions);

      const key = keyColumn > 0 ? headers?.[keyColumn - 1] : undefined;
      const { scrollLeft, scrollWidth, clientWidth } = scroller;
      const edges = scroller.getBoundingClientRect();
      const lastBox = actions && last ? last.getBoundingClientRect() : null;
      const keyBox = key?.getBoundingClientRect() ?? null;

      const overflow = scrollWidth > clientWidth + 1;
      // The key column stays only while the columns kept in view leave room to see the others.
      const keySticks = !!keyBox && keyBox.width + (lastBox?.width ?? 0) <= clientWidth * ROOM_FOR_KEPT_COLUMNS;
      // Its box was read before it became (or stopped being) sticky: read it again next frame.
      if (frame.hasAttribute('data-key-sticky') !== keySticks) schedule();
      mark(frame, 'data-key-sticky', keySticks);
      mark(frame, 'data-more-start', overflow && scrollLeft > 1);
      mark(frame, 'data-more-end', overflow && scrollLeft + clientWidth < scrollWidth - 1);
      setPixels(frame, '--kcf-table-start', keyBox && keySticks ? Math.max(0, keyBox.right - edges.left) : 0);
      setPixels(frame, '--kcf-table-end', lastBox ? Math.max(0, edges.right - lastBox.left) : 0);
    };
    const schedule = () => {
      if (!pending) pending = requestAnimationFrame(measure);
    };

    measure();
    scroller.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resized?.observe(scroller);
    const table = scroller.querySelector('table');
    if (table) resized?.observe(table);
    return () => {
      if (pending) cancelAnimationFrame(pending);
      scroller.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
    };
  }, [frameRef, scrollerRef, keyColumn]);
}
