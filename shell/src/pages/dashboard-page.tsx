import { Card, CardContent } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { displayName } from '../layout/navigation';
import { PageHeader } from './page-header';

export function DashboardPage() {
  const { user } = useCurrentUser();
  return (
    <div className="kcf-stack">
      <PageHeader title="Dashboard" subtitle={user ? `Welcome back, ${displayName(user)}.` : undefined} />
      <Card>
        <CardContent>
          <p>The overview of beneficiaries, budgets and donations is coming to this page.</p>
        </CardContent>
      </Card>
    </div>
  );
}
