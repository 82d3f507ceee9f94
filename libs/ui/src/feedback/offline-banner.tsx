import { WifiOff } from 'lucide-react';
import { cx } from '../cx';

export const OFFLINE_MESSAGE =
  'You are offline. Showing what was loaded; changes will not be saved until the connection returns.';

export interface OfflineBannerProps {
  online: boolean;
  /** Where the app places it (e.g. its own sticky class). */
  className?: string;
}

/** One calm line while the phone has no connection; nothing at all when online. */
export function OfflineBanner({ online, className }: OfflineBannerProps) {
  if (online) return null;
  return (
    <div role="status" className={cx('kcf-offline', className)}>
      <WifiOff size={16} aria-hidden="true" />
      <span>{OFFLINE_MESSAGE}</span>
    </div>
  );
}
