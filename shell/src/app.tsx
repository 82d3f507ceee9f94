import { FullScreenSpinner } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { ForcedChangeRoutes, SignedInRoutes, SignedOutRoutes } from './routes';
import { useSessionErrors } from './session/use-session-errors';

/**
 * Who is signed in decides which routes exist (spec §2 and §4, "Authentication"); a user who must
 * change the password first gets nothing but the Change Password page (§4, "New or reset users").
 */
export function App() {
  const { user, isLoading } = useCurrentUser();
  useSessionErrors();
  if (isLoading) return <FullScreenSpinner label="Loading" />;
  if (!user) return <SignedOutRoutes />;
  return user.mustChangePassword ? <ForcedChangeRoutes user={user} /> : <SignedInRoutes user={user} />;
}
