import type { ReactNode } from 'react';
import { Card, CardContent } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';

interface PlaceholderPageProps {
  title: string;
  subtitle?: ReactNode;
  /** Above the title (a back link). */
  before?: ReactNode;
}

/**
 * A page whose screens are still being built. It reads the signed-in user through the shell's
 * QueryClient (shared, so no second /api/auth/user request) and shows who that is.
 */
export function PlaceholderPage({ title, subtitle, before }: PlaceholderPageProps) {
  const { user } = useCurrentUser();
  return (
    <div className="kcf-stack">
      {before}
      <header className="kcf-page-header">
        <div>
          <h1 className="kcf-page-title">{title}</h1>
          {subtitle && <p className="kcf-page-subtitle">{subtitle}</p>}
        </div>
      </header>
      <Card>
        <CardContent>
          <p>The {title} page is coming soon.</p>
          <p className="kcf-muted kcf-small">
            Signed in as <span data-testid="remote-user">{user?.username ?? ''}</span>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
