import { Link } from 'react-router-dom';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@kcf/ui';
import { Logo } from '../layout/logo';
import { FOUNDATION_NAME } from '../layout/navigation';
import { FEATURES, MISSION, SIGN_IN_URL, TAGLINE } from './marketing';

/**
 * The signed-out landing page. It needs no script: the build prints it into landing.html, which
 * the gateway sends to visitors without a session cookie (see prerender.tsx).
 */
export function LandingPage() {
  return (
    <div className="shell-public">
      <header className="shell-public__hero">
        <Logo size={88} />
        <h1 className="shell-public__title">{FOUNDATION_NAME}</h1>
        <p className="shell-public__tagline">{TAGLINE}</p>
        <p className="shell-public__mission">{MISSION}</p>
        {/* A plain form: the prerendered page (no script at all) signs in with it too. */}
        <form action={SIGN_IN_URL} method="get">
          <Button type="submit">Sign In to Continue</Button>
        </form>
      </header>
      <section className="kcf-grid kcf-grid--4 shell-public__features" aria-label="What the system does">
        {FEATURES.map((feature) => (
          <Card key={feature.title}>
            <CardHeader>
              <CardTitle level={2}>{feature.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p>{feature.text}</p>
            </CardContent>
          </Card>
        ))}
      </section>
      <footer className="shell-public__footer">
        <Link to="/about">About the foundation</Link>
      </footer>
    </div>
  );
}
