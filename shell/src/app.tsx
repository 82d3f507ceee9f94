import { FullScreenSpinner } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { ForcedChangeRoutes, SignedInRoutes, SignedOutRoutes } from './routes';
import { useSessionErrors } from './session/use-session-errors';

/**
 * Who is signed in decides which routes exist; a user who must change the password first (a new or
 * reset user) gets nothing but the Change Password page.
 */
export function App() {
  const { user, isLoading } = useCurrentUser();
  useSessionErrors();
  if (isLoading) return <FullScreenSpinner label="Loading" />;
  if (!user) return <SignedOutRoutes />;
  return user.mustChangePassword ? <ForcedChangeRoutes user={user} /> : <SignedInRoutes user={user} />;
}
