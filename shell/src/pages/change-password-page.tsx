import { Card, CardContent } from '@kcf/ui';
import { PageHeader } from './page-header';

export function ChangePasswordPage() {
  return (
    <div className="kcf-stack">
      <PageHeader title="Change Password" />
      <Card>
        <CardContent>
          <p>Changing your password from here is coming soon.</p>
        </CardContent>
      </Card>
    </div>
  );
}
