import { cx } from './cx';

export interface SpinnerProps {
  /** Diameter in pixels. */
  size?: number;
  /** Read by screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 20, label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('kcf-spinner', className)} style={{ width: size, height: size }}>
      <span className="kcf-sr-only">{label}</span>
    </span>
  );
}

/** Fills the screen while something essential (who is signed in) is loading. */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="kcf-fullscreen-spinner">
      <Spinner size={40} label={label} />
    </div>
  );
}
