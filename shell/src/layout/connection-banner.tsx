import { OfflineBanner } from '@kcf/ui';
import { useOnlineStatus } from '@kcf/web-kit';

/**
 * The app's one word about the connection: a calm strip while the browser is offline, kept in view
 * while the page scrolls; nothing at all when online.
 */
export function ConnectionBanner() {
  const online = useOnlineStatus();
  return <OfflineBanner online={online} className="shell-offline" />;
}
