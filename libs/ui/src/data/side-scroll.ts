import { useLayoutEffect, type RefObject } from 'react';

const ACTIONS_HEADER = /^\s*actions\s*$/i;
/** At most this share of the table's width is kept in view (the key column and the actions). */
const ROOM_FOR_KEPT_COLUMNS = 0.65;

function mark(element: HTMLElement, name: string, on: boolean) {
  if (on) element.setAttribute(name, '');
  else element.removeAttribute(name);
}

/**
 * Tells a table's frame how the table sits in its sideways scroller, for the styles to act on:
 * `data-actions` when the last column is the row's actions (its header says 'Actions': kept in view),
 * `data-key-sticky` when the key column is kept in view too (only while both leave room for the others),
 * `data-more-start` / `data-more-end` when more of the table is hidden that way (a fade shows at that
 * edge), and where those fades go (`--kcf-table-start`, `--kcf-table-end`: beside the columns kept in view).
 */
export function useSideScroll(frameRef: RefObject<HTMLElement | null>, scrollerRef: RefObject<HTMLElement | null>, keyColumn: number) {
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const scroller = scrollerRef.current;
    if (!frame || !scroller) return;
    let pending = 0;

    const measure = () => {
      pending = 0;
      const head = scroller.querySelector('thead');
      const headers = head?.rows[head.rows.length - 1]?.cells;
      const last = headers?.[headers.length - 1];
      const actions = !!last && ACTIONS_HEADER.test(last.textContent ?? '');
      const { scrollLeft, scrollWidth, clientWidth } = scroller;
      const overflow = scrollWidth > clientWidth + 1;
      mark(frame, 'data-actions', actions);
      mark(frame, 'data-more-start', overflow && scrollLeft > 1);
      mark(frame, 'data-more-end', overflow && scrollLeft + clientWidth < scrollWidth - 1);

      const edges = scroller.getBoundingClientRect();
      const key = keyColumn > 0 ? headers?.[keyColumn - 1] : undefined;
      const actionsWidth = actions && last ? last.getBoundingClientRect().width : 0;
      // The key column stays only while the columns kept in view leave room to see the others.
      const keySticks = !!key && key.getBoundingClientRect().width + actionsWidth <= clientWidth * ROOM_FOR_KEPT_COLUMNS;
      mark(frame, 'data-key-sticky', keySticks);
      const start = key && keySticks ? Math.max(0, key.getBoundingClientRect().right - edges.left) : 0;
      const end = actions && last ? Math.max(0, edges.right - last.getBoundingClientRect().left) : 0;
      frame.style.setProperty('--kcf-table-start', `${Math.round(start)}px`);
      frame.style.setProperty('--kcf-table-end', `${Math.round(end)}px`);
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
