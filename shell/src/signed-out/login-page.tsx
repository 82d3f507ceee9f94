import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { LoginForm } from '@kcf/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, Field, Input, PasswordInput, useToast } from '@kcf/ui';
import {
  apiRequest,
  clearDraftsExcept,
  CURRENT_USER_QUERY_KEY,
  useForm,
  useNotify,
  type CurrentUser,
} from '@kcf/web-kit';
import { Logo } from '../layout/logo';
import { FOUNDATION_NAME } from '../layout/navigation';
import { idleSignOutNotice } from '../session/idle-sign-out';
import { returnPathFor } from '../session/return-path';
import { loginFailureMessage, PASSWORD_HINT } from './login-errors';
import { LOGIN_BLURBS, TAGLINE } from './marketing';

/** Local username and password sign-in, saying why when the inactivity sign-out led here. Loaded only on /login. */
export default function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const { dismiss } = useToast();
  const notice = idleSignOutNotice(useLocation().search);
  // The contract's login policy, the username trimmed; a refused sign-in is not a lost session.
  const form = useForm({
    initial: { username: '', password: '' },
    schema: LoginForm,
    submit: (body) => apiRequest<{ user: CurrentUser }>('POST', '/api/login/local', body),
    onSuccess: (answer) => {
      // The answer names the user: the signed-in pages take over at once, without reloading the page or
      // asking who is signed in. Nothing read while signed out is kept. After a lost session the user goes
      // back to the page they were on; what someone else left in a dialog on this browser is dropped. A
      // 'Login Failed' toast from an earlier try is over.
      dismiss();
      const back = returnPathFor(answer.user.id);
      clearDraftsExcept(answer.user.id);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, answer.user);
      navigate(back ?? '/', { replace: true });
    },
    onError: (error) => notify.error('Login Failed', loginFailureMessage(error)),
  });
  const { errors, submitting } = form;

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
          {notice && (
            <p role="status" className="shell-login__notice">
              {notice}
            </p>
          )}
          <form onSubmit={form.handleSubmit} noValidate className="shell-login__form">
            <Field label="Username" error={errors.username} required>
              <Input {...form.bind('username')} autoComplete="username" disabled={submitting} />
            </Field>
            <Field label="Password" error={errors.password} hint={PASSWORD_HINT} required>
              <PasswordInput {...form.bind('password')} autoComplete="current-password" disabled={submitting} />
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
