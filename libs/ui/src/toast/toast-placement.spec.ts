import { PAGE_CONTROLS, toastEdge, toastRoom, type Rect } from './toast-placement';

const rect = (left: number, top: number, width: number, height: number): Rect => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('toastEdge', () => {
  // A toast 380 px wide, centred in a 1280 px window, 72 px high, at the top.
  const centred = rect(450, 16, 380, 72);

  it('keeps the toast at the top when none of the page’s controls lies under it', () => {
    const createUser = rect(1130, 37, 126, 40);
    expect(toastEdge(centred, [createUser])).toBe('top');
  });

  it('sends it to the bottom when at the top it would lie over a control of the page', () => {
    const addIncome = rect(440, 60, 150, 40);
    expect(toastEdge(centred, [addIncome])).toBe('bottom');
    // A phone: the toast spans the window, over the top bar's menu button.
    expect(toastEdge(rect(16, 16, 358, 72), [rect(8, 8, 40, 40)])).toBe('bottom');
  });

  it('ignores controls that are not shown (no box)', () => {
    expect(toastEdge(centred, [rect(0, 0, 0, 0)])).toBe('top');
  });

  it('counts only a real overlap, not boxes that touch', () => {
    expect(toastEdge(centred, [rect(830, 16, 40, 40)])).toBe('top');
    expect(toastEdge(centred, [rect(450, 88, 40, 40)])).toBe('top');
  });
});

describe('toastRoom', () => {
  it('is the toast, its distance from the edge and a gap: what a dialog keeps clear', () => {
    expect(toastRoom(72)).toBe(16 + 72 + 8);
  });
});

describe('PAGE_CONTROLS', () => {
  it("names the page header's and the top bar's controls", () => {
    expect(PAGE_CONTROLS).toContain('.kcf-page-header');
    expect(PAGE_CONTROLS).toContain('.kcf-topbar');
  });
});
