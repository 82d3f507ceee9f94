import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Where things sit on the screen: what a phone user sees without scrolling (up, down or sideways), what covers
 * what, and what a desktop table or filter control breaks or cuts.
 */

export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 768, height: 1024 };
export const DESKTOP = { width: 1280, height: 800 };
export const WIDE_DESKTOP = { width: 1920, height: 1080 };

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is on the page').not.toBeNull();
  return box as Box;
}

/** True when two boxes share any area. */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The element is wholly inside the window sideways (no scrolling needed to see it) and nothing is drawn
 * over its middle (a sticky neighbour, a fade).
 */
export async function expectInView(page: Page, locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded({ timeout: 1 }).catch(() => undefined);
  const box = await boxOf(locator);
  const width = page.viewportSize()?.width ?? 0;
  expect(box.x, 'its left edge is in the window').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'its right edge is in the window').toBeLessThanOrEqual(width);
  const onTop = await locator.evaluate((element) => {
    const { left, top, width: w, height: h } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(left + w / 2, top + h / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(onTop, 'nothing covers it').toBe(true);
}

/** The sideways scroller around a table (the Table component's), and whether it shows there is more. */
export class TableScroll {
  constructor(private readonly table: Locator) {}

  /** The element that scrolls sideways. */
  scroller(): Locator {
    return this.table.locator(
      'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " kcf-table-scroll ")][1]',
    );
  }

  async overflows(): Promise<boolean> {
    return this.table.evaluate((table) => {
      const wrap = table.parentElement as HTMLElement;
      return wrap.scrollWidth > wrap.clientWidth + 1;
    });
  }

  /** Whether a cue (a fade at that edge) shows that more of the table is that way. */
  async cue(edge: 'start' | 'end'): Promise<boolean> {
    return this.scroller().evaluate((scroll, which) => {
      const style = getComputedStyle(scroll, which === 'start' ? '::before' : '::after');
      return (
        style.content !== 'none' && style.display !== 'none' && Number(style.opacity) > 0 && parseFloat(style.width) > 0
      );
    }, edge);
  }

  /** Scrolls the table sideways to its far end. */
  async scrollToEnd(): Promise<void> {
    await this.table.evaluate((table) => {
      const wrap = table.parentElement as HTMLElement;
      wrap.scrollLeft = wrap.scrollWidth;
    });
  }
}

/**
 * What keeps `target` (or each of its `parts`, a CSS selector within it, shown ones only) from being read whole
 * on the screen without scrolling sideways, one sentence each: the page wider than the window, a part outside
 * the window or cut by a box that clips it (a table's scroller, a card), a box on its way scrolled sideways, its
 * own text cut, or something drawn over it (at its middle and near both ends). The window is first scrolled up
 * or down, never sideways, to bring the target to the middle of the screen.
 */
export async function sideScrollProblems(target: Locator, parts?: string): Promise<string[]> {
  return target.evaluate((root, selector) => {
    const name = (el: Element | null) => {
      if (!el) return 'nothing';
      const label = el.getAttribute('aria-label') ?? el.getAttribute('data-label') ?? '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${label ? ` "${label}"` : ''}> "${text}"`;
    };
    const start = root.getBoundingClientRect();
    window.scrollBy(0, start.top - Math.max(0, (window.innerHeight - start.height) / 2));
    const problems: string[] = [];
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth + 1)
      problems.push(`the page is ${page.scrollWidth}px wide in a ${page.clientWidth}px window`);
    if (window.scrollX !== 0) problems.push('the window is scrolled sideways');
    const pieces = selector ? [...root.querySelectorAll(selector)] : [root];
    for (const piece of pieces) {
      const box = piece.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown (a column left out of a phone's card)
      const what = name(piece);
      if (box.left < -0.5 || box.right > page.clientWidth + 0.5) {
        problems.push(
          `${what} lies at ${Math.round(box.left)}..${Math.round(box.right)}, outside the ${page.clientWidth}px window`,
        );
      }
      for (let clip = piece.parentElement; clip; clip = clip.parentElement) {
        if (getComputedStyle(clip).overflowX === 'visible') continue;
        const edges = clip.getBoundingClientRect();
        if (clip.scrollLeft > 0) problems.push(`${name(clip)} around ${what} is scrolled sideways`);
        if (box.left < edges.left - 0.5 || box.right > edges.right + 0.5) {
          problems.push(
            `${what} (${Math.round(box.left)}..${Math.round(box.right)}) is cut by its box (${Math.round(edges.left)}..${Math.round(edges.right)})`,
          );
        }
      }
      if (getComputedStyle(piece).overflowX !== 'visible' && piece.scrollWidth > piece.clientWidth + 1)
        problems.push(`${what} has its text cut`);
      const y = box.top + box.height / 2;
      for (const x of [box.left + 2, box.left + box.width / 2, box.right - 2]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === piece || piece.contains(hit)))
          problems.push(`${name(hit)} is drawn over ${what} at x=${Math.round(x)}`);
      }
    }
    return problems;
  }, parts);
}

/** `target` (or each of its `parts`) is read whole on the screen without scrolling sideways. */
export async function expectWholeOnScreen(target: Locator, parts?: string): Promise<void> {
  await expect(target).toBeVisible();
  expect(await sideScrollProblems(target, parts)).toEqual([]);
}

/** A table row's cells, and the links and buttons in them. */
export const ROW_PARTS = 'td, td a, td button';

/** The words of a table's column headers that are split over two lines ("BENEFICIA / RY"). */
export async function headerWordsBroken(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const broken: string[] = [];
    for (const header of element.querySelectorAll('thead th')) {
      const texts = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index ?? 0);
          range.setEnd(node, (word.index ?? 0) + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}

/** The column headers that the table's Actions header (its last, kept in view while it scrolls) lies over. */
export async function headersUnderActions(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead tr:last-child th')];
    const actions = headers.at(-1);
    if (!actions || actions.textContent?.trim().toLowerCase() !== 'actions') return [];
    const a = actions.getBoundingClientRect();
    return headers
      .slice(0, -1)
      .filter((header) => {
        const b = header.getBoundingClientRect();
        return b.width > 0 && a.left < b.right - 0.5 && b.left < a.right - 0.5;
      })
      .map((header) => header.textContent?.trim() ?? '');
  });
}

/** How many lines the element's text takes. */
export async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

/**
 * The form controls within `scope` (selects, text and search boxes, a date typed day first) too narrow for the text they show (a select's
 * chosen option, a box's value or else its placeholder), each as 'its label: the text'.
 */
export async function controlsCuttingText(scope: Locator): Promise<string[]> {
  return scope.evaluate((element) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const control of element.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      'select, input[type=text], input[type=search]',
    )) {
      const box = control.getBoundingClientRect();
      if (box.width === 0) continue;
      const text =
        control instanceof HTMLSelectElement
          ? (control.selectedOptions[0]?.text ?? '')
          : control.value || control.placeholder;
      const style = getComputedStyle(control);
      canvas.font = style.font;
      const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(text).width > room + 0.5)
        cut.push(`${control.labels?.[0]?.textContent?.trim() ?? control.name}: ${text}`);
    }
    return cut;
  });
}

/**
 * Which of `targets` `cover` lies over (their boxes share any area), each named by its accessible label or text:
 * empty when it leaves them all uncovered. A target not shown is skipped.
 */
export async function coveredBy(cover: Locator, targets: Locator[]): Promise<string[]> {
  const over = await boxOf(cover);
  const covered: string[] = [];
  for (const target of targets) {
    if (!(await target.isVisible())) continue;
    if (intersects(over, await boxOf(target))) {
      covered.push((await target.getAttribute('aria-label')) ?? (await target.innerText()).trim());
    }
  }
  return covered;
}
