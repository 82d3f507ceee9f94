import { Link } from 'react-router-dom';
import { Card, CardContent } from '@kcf/ui';
import { Logo } from '../layout/logo';
import { FOUNDATION_NAME } from '../layout/navigation';
import { MISSION, TAGLINE } from './marketing';

export function AboutPage() {
  return (
    <div className="shell-public">
      <header className="shell-public__hero">
        <Logo size={72} />
        <h1 className="shell-public__title">About {FOUNDATION_NAME}</h1>
        <p className="shell-public__tagline">{TAGLINE}</p>
      </header>
      <Card className="shell-public__about">
        <CardContent>
          <p>{MISSION}</p>
          <p>
            Staff use this system to keep each child's profile, schooling, household, special needs and gifts in one
            place, and to account for every donation, expense and budget line.
          </p>
        </CardContent>
      </Card>
      <footer className="shell-public__footer">
        <Link to="/">Back to the home page</Link>
      </footer>
    </div>
  );
}
