import { WifiOff } from 'lucide-react';

export const OFFLINE_MESSAGE =
  'You are offline. Showing what was loaded; changes will not be saved until the connection returns.';

/** One calm line while the phone has no connection; nothing at all when online. */
export function OfflineBanner({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <div role="status" className="kcf-offline">
      <WifiOff size={16} aria-hidden="true" />
      <span>{OFFLINE_MESSAGE}</span>
    </div>
  );
}
