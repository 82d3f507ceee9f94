import { cx } from './cx';

export type ProgressTone = 'green' | 'yellow' | 'red' | 'blue';

export interface ProgressBarProps {
  /** Percent; drawn capped to 0..100 (a progress bar never shows more than 100%). */
  value: number;
  tone?: ProgressTone;
  /** Accessible name, e.g. 'Term 1 budget used'. */
  label?: string;
  className?: string;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, 100);
}

export function ProgressBar({ value, tone = 'green', label, className }: ProgressBarProps) {
  const shown = clampPercent(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
      className={cx('kcf-progress', className)}
    >
      <div className={cx('kcf-progress__bar', `kcf-progress__bar--${tone}`)} style={{ width: `${shown}%` }} />
    </div>
  );
}
