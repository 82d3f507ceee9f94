import { Card, CardContent, CardHeader, CardTitle } from '@kcf/ui';

export function NotFoundPage() {
  return (
    <div className="shell-centered">
      <Card className="shell-not-found">
        <CardHeader>
          <CardTitle level={1}>404 Page Not Found</CardTitle>
        </CardHeader>
        <CardContent>
          <p>Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </div>
  );
}
