import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { rememberPage } from './return-path';

/** While `userId` is signed in, notes each page they open (see return-path.ts). */
export function useRememberPage(userId: string | null): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (userId) rememberPage(userId, pathname);
  }, [userId, pathname]);
}
