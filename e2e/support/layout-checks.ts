import { expect, type Locator, type Page } from '@playwright/test';

/** Where things sit on the screen: what a phone user sees without scrolling, and what covers what. */

export const PHONE = { width: 390, height: 844 };
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
    return this.table.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " kcf-table-scroll ")][1]');
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
      return style.content !== 'none' && style.display !== 'none' && Number(style.opacity) > 0 && parseFloat(style.width) > 0;
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
