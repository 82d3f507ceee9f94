import { useLayoutEffect, type RefObject } from 'react';

/** The last column is the row's actions when its header says so. */
export const ACTIONS_HEADER = /^\s*actions\s*$/i;

/**
 * What a body cell is on a phone's card (`data-card`): its title (the key column), its actions (a last column
 * headed 'Actions'), left out (a header marked `data-card="hidden"`), or a cell across the whole row (an empty
 * list's message); any other cell is a labelled field.
 */
export type CardPart = 'title' | 'actions' | 'hidden' | 'whole';

interface Column {
  label: string;
  part: CardPart | null;
}

/** Sets an attribute, or removes it for null, and leaves it alone when it already says so. */
function setAttribute(element: Element, name: string, value: string | null) {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

function columnsOf(table: HTMLTableElement, keyColumn: number): Column[] {
  const head = table.tHead;
  const headers = head?.rows[head.rows.length - 1]?.cells;
  if (!headers) return [];
  const columns: Column[] = [];
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i];
    const label = (header.textContent ?? '').trim();
    const part: CardPart | null =
      header.getAttribute('data-card') === 'hidden'
        ? 'hidden'
        : i + 1 === keyColumn
          ? 'title'
          : i === headers.length - 1 && ACTIONS_HEADER.test(label)
            ? 'actions'
            : null;
    for (let span = 0; span < header.colSpan; span++) columns.push({ label, part });
  }
  return columns;
}

/**
 * Gives every body cell its column's header text (`data-label`, the field's label on a phone's card) and its
 * part of the card (`data-card`, see CardPart), for the styles to show each row as a card below 640 px.
 */
export function labelCells(table: HTMLTableElement, keyColumn: number): void {
  const columns = columnsOf(table, keyColumn);
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      let index = 0;
      for (const cell of row.cells) {
        const column = cell.colSpan > 1 ? undefined : columns[index];
        setAttribute(cell, 'data-label', column?.label || null);
        setAttribute(cell, 'data-card', column ? column.part : 'whole');
        index += cell.colSpan;
      }
    }
  }
}

/** Labels the table's cells now and again whenever its rows or columns change. */
export function useCardCells(scrollerRef: RefObject<HTMLElement | null>, keyColumn: number) {
  useLayoutEffect(() => {
    const table = scrollerRef.current?.querySelector('table');
    if (!table) return;
    labelCells(table, keyColumn);
    if (typeof MutationObserver === 'undefined') return;
    // Rows come and go (a page loads, a filter changes) and a header's text can change (a sort): label again
    // before the browser paints.
    const changed = new MutationObserver(() => labelCells(table, keyColumn));
    changed.observe(table, { childList: true, subtree: true, characterData: true });
    return () => changed.disconnect();
  }, [scrollerRef, keyColumn]);
}
