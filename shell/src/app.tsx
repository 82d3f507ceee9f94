import { FullScreenSpinner } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { SignedInRoutes, SignedOutRoutes } from './routes';

/** Who is signed in decides which routes exist (spec §2 and §4, "Authentication"). */
export function App() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner label="Loading" />;
  return user ? <SignedInRoutes user={user} /> : <SignedOutRoutes />;
}
