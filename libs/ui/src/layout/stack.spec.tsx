/** @jest-environment jsdom */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Stack, type StackGap } from './stack';

const only = (ui: ReactElement) => render(ui).container.firstElementChild as HTMLElement;

describe('Stack', () => {
  it('is a column of the design system (16 px apart) unless told otherwise', () => {
    const stack = only(
      <Stack>
        <p>one</p>
        <p>two</p>
      </Stack>,
    );
    expect(stack.tagName).toBe('DIV');
    expect(stack.className).toBe('kcf-stack');
    expect(stack.children).toHaveLength(2);
  });

  it('is a row (8 px apart, wrapping, items centred) when horizontal, at its end or spread, wrapping or not', () => {
    expect(only(<Stack direction="horizontal" />).className).toBe('kcf-row');
    expect(only(<Stack direction="horizontal" justify="end" nowrap />).className).toBe(
      'kcf-row kcf-row--end kcf-row--nowrap',
    );
    expect(only(<Stack direction="horizontal" justify="between" />).className).toBe('kcf-row kcf-row--between');
  });

  it('takes its gap from the spacing scale, and keeps the caller’s class and attributes', () => {
    const stack = only(<Stack gap={5} className="mine" aria-label="Totals" />);
    expect(stack.className).toBe('kcf-stack kcf-gap-5 mine');
    expect(stack.getAttribute('aria-label')).toBe('Totals');
  });

  it('has a rule for every gap, each the spacing token of its step', () => {
    const css = readFileSync(join(__dirname, '..', 'styles.css'), 'utf8')
      .replace(/\s+/g, '')
      .replace(/;}/g, '}');
    const gaps: StackGap[] = [0, 1, 2, 3, 4, 5, 6];
    for (const gap of gaps) {
      expect(css).toContain(gap === 0 ? '.kcf-gap-0{gap:0}' : `.kcf-gap-${gap}{gap:var(--kcf-s${gap})}`);
    }
  });

  it('lets a gap win over the column’s and the row’s own, whatever the order of the classes', () => {
    const css = readFileSync(join(__dirname, '..', 'styles.css'), 'utf8');
    const at = (selector: string) => css.search(new RegExp(`(^|\\n)\\s*${selector.replace('.', '\\.')}\\s*\\{`));
    expect(at('.kcf-gap-0')).toBeGreaterThan(at('.kcf-stack'));
    expect(at('.kcf-gap-0')).toBeGreaterThan(at('.kcf-row'));
  });
});
