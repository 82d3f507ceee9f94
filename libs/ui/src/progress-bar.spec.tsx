/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ProgressBar } from './progress-bar';

function barWidth(): string {
  const bar = screen.getByRole('progressbar').firstElementChild as HTMLElement;
  return bar.style.width;
}

describe('ProgressBar', () => {
  it('caps an overspent budget at 100%', () => {
    render(<ProgressBar value={137.5} tone="red" label="Health budget used" />);
    const progress = screen.getByRole('progressbar', { name: 'Health budget used' });
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    expect(barWidth()).toBe('100%');
  });

  it('shows values under 100 as they are and never goes below 0', () => {
    const { rerender } = render(<ProgressBar value={42.4} />);
    expect(barWidth()).toBe('42.4%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    rerender(<ProgressBar value={-10} />);
    expect(barWidth()).toBe('0%');
    rerender(<ProgressBar value={Number.NaN} />);
    expect(barWidth()).toBe('0%');
  });
});
