import { FullScreenSpinner } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { ForcedChangeRoutes, SignedInRoutes, SignedOutRoutes } from './routes';
import { useRememberPage } from './session/use-remember-page';
import { useSessionErrors } from './session/use-session-errors';

/**
 * Who is signed in decides which routes exist; a user who must change the password first (a new or
 * reset user) gets nothing but the Change Password page. The page a signed-in user is on is noted, so that
 * signing in again after a lost session goes back to it.
 */
export function App() {
  const { user, isLoading } = useCurrentUser();
  useSessionErrors();
  useRememberPage(user && !user.mustChangePassword ? user.id : null);
  if (isLoading) return <FullScreenSpinner label="Loading" />;
  if (!user) return <SignedOutRoutes />;
  return user.mustChangePassword ? <ForcedChangeRoutes user={user} /> : <SignedInRoutes user={user} />;
}
