/**
 * Where the toast goes. It sits at the top of the window (centred from 640 px, across a phone), unless there
 * it would lie over one of the page's own controls (the buttons of its header, a phone's menu button): then at
 * the bottom, where pages keep none. A dialog moves out of its way instead: while a toast shows, the distance it
 * takes from its edge is published as `--kcf-toast-top` or `--kcf-toast-bottom` on the document, and the dialog's
 * backdrop keeps that much clear, so neither a dialog's close button nor its footer is ever under a toast.
 */

export type ToastEdge = 'top' | 'bottom';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The toast region's distance from its edge of the window (`.kcf-toast-region` in styles.css). */
export const TOAST_INSET_PX = 16;
/** The space between a toast and a dialog that keeps clear of it. */
export const TOAST_GAP_PX = 8;

/** The controls of a page a toast must not lie over. */
export const PAGE_CONTROLS = ['.kcf-page-header', '.kcf-topbar']
  .map((area) => `${area} button, ${area} a[href], ${area} input, ${area} select`)
  .join(', ');

/** The custom properties a dialog keeps clear of, one per edge. */
export const ROOM_PROPERTY: Record<ToastEdge, string> = { top: '--kcf-toast-top', bottom: '--kcf-toast-bottom' };

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The edge for a toast whose box at the top would be `atTop`, given the boxes of the page's controls. */
export function toastEdge(atTop: Rect, controls: readonly Rect[]): ToastEdge {
  const shown = controls.filter((control) => control.right > control.left && control.bottom > control.top);
  return shown.some((control) => overlaps(atTop, control)) ? 'bottom' : 'top';
}

/** How far from its edge a toast of this height reaches, with the gap a dialog leaves. */
export function toastRoom(toastHeight: number): number {
  return TOAST_INSET_PX + toastHeight + TOAST_GAP_PX;
}

/**
 * Places the toast shown in `region` (its first child) and publishes the room it takes; returns the edge.
 * With a dialog open the page's controls cannot be used anyway: the toast stays at the top and the dialog moves.
 */
export function placeToast(region: HTMLElement): ToastEdge {
  const toast = region.firstElementChild as HTMLElement | null;
  const root = document.documentElement.style;
  clearToastRoom();
  if (!toast) return 'top';
  const box = toast.getBoundingClientRect();
  const height = toast.offsetHeight;
  const atTop: Rect = { left: box.left, right: box.right, top: TOAST_INSET_PX, bottom: TOAST_INSET_PX + height };
  const dialogOpen = document.querySelector('.kcf-dialog-backdrop') !== null;
  const controls = dialogOpen
    ? []
    : [...document.querySelectorAll(PAGE_CONTROLS)].map((control) => control.getBoundingClientRect());
  const edge = toastEdge(atTop, controls);
  root.setProperty(ROOM_PROPERTY[edge], `${toastRoom(height)}px`);
  return edge;
}

/** No toast: a dialog may use the whole window again. */
export function clearToastRoom(): void {
  const root = document.documentElement.style;
  for (const property of Object.values(ROOM_PROPERTY)) root.removeProperty(property);
}
