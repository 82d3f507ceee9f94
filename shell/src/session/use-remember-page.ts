import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { recordAddress } from '@kcf/web-kit';
import { rememberPage } from './return-path';

/**
 * While `userId` is signed in, notes each page they open (see return-path.ts), and what each page reads
 * when it opens, so that a reload sends those reads at once (web-kit's early-requests.ts). A layout effect:
 * the recording of a new address starts before the effects of the page it shows, which start its reads.
 */
export function useRememberPage(userId: string | null): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (!userId) return;
    rememberPage(userId, pathname);
    recordAddress(pathname);
  }, [userId, pathname]);
}
