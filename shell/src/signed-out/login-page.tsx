import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, CardHeader, CardTitle, Field, Input, PasswordInput, useToast } from '@kcf/ui';
import { apiRequest, CURRENT_USER_QUERY_KEY, type CurrentUser } from '@kcf/web-kit';
import { Logo } from '../layout/logo';
import { FOUNDATION_NAME } from '../layout/navigation';
import { loginFailureMessage, validateLogin, PASSWORD_HINT, type LoginErrors } from './login-errors';
import { LOGIN_BLURBS, TAGLINE } from './marketing';

/** Local username and password sign-in (spec §2, "Login page (local)"). Loaded only on /login. */
export default function LoginPage() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(username, password);
    setErrors(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    try {
      const { user } = await apiRequest<{ user: CurrentUser }>('POST', '/api/login/local', { username: username.trim(), password });
      // The answer names the user: the signed-in pages take over at once, without reloading the page or
      // asking who is signed in. Nothing read while signed out is kept.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      navigate('/', { replace: true });
    } catch (error) {
      setSubmitting(false);
      toast({ title: 'Login Failed', description: loginFailureMessage(error), variant: 'destructive' });
    }
  };

  return (
    <div className="shell-public shell-login">
      <header className="shell-public__hero">
        <Logo size={64} />
        <h1 className="shell-public__title">{FOUNDATION_NAME}</h1>
        <p className="shell-public__tagline">{TAGLINE}</p>
        <ul className="shell-login__blurbs">
          {LOGIN_BLURBS.map((blurb) => (
            <li key={blurb.title}>
              <strong>{blurb.title}</strong>
              <span>{blurb.text}</span>
            </li>
          ))}
        </ul>
      </header>
      <Card className="shell-login__card">
        <CardHeader>
          <CardTitle level={2}>Sign in</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="shell-login__form">
            <Field label="Username" error={errors.username} required>
              <Input
                name="username"
                autoComplete="username"
                value={username}
                disabled={submitting}
                onChange={(e) => setUsername(e.target.value)}
              />
            </Field>
            <Field label="Password" error={errors.password} hint={PASSWORD_HINT} required>
              <PasswordInput
                name="password"
                autoComplete="current-password"
                value={password}
                disabled={submitting}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Button type="submit" loading={submitting}>
              Sign In
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
