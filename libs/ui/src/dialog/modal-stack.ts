/**
 * Open dialogs, innermost last. Only the innermost one answers Escape and keeps Tab inside itself,
 * so a confirmation opened over a form closes alone; the page scroll is locked while any is open.
 */
const stack: object[] = [];
let savedOverflow = '';

export function pushModal(token: object): void {
  if (stack.length === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  stack.push(token);
}

export function removeModal(token: object): void {
  const index = stack.indexOf(token);
  if (index >= 0) stack.splice(index, 1);
  if (stack.length === 0) document.body.style.overflow = savedOverflow;
}

export function isTopModal(token: object): boolean {
  return stack[stack.length - 1] === token;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hidden);
}

/** Keeps Tab and Shift+Tab cycling inside `root`. */
export function trapTab(event: KeyboardEvent, root: HTMLElement): void {
  const items = focusableIn(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const inside = active instanceof Node && root.contains(active);
  if (event.shiftKey && (!inside || active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
