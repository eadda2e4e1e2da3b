import { useEffect, useState } from 'react';
import { LoadingState } from '../../components/LoadingState';
import { fetchSession, toSession, type Session } from '../../lib/sessionCheck';
import { LoginForm } from './LoginForm';
import { sendLogin, type Credentials } from './sendLogin';

interface LoginPageProps {
  /**
   * Hands over to the app, logged in: at `to`, `/` right after the form succeeds and
   * `/dashboard` for a visitor already logged in (docs/screens.md).
   */
  onLoggedIn: (session: Session, to: '/' | '/dashboard') => void;
}

/**
 * /login as the first page a visitor opens: the same form as the app's LoginScreen, without the
 * router, the query cache and the logged-in app, which come after the login (ADR 032,
 * docs/quality.md, Download size).
 */
export function LoginPage({ onLoggedIn }: LoginPageProps) {
  const [isChecking, setChecking] = useState(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    // A failed check (server unreachable) shows the form, whose error line then says so.
    const done = (session: Session | null) => {
      if (controller.signal.aborted) return;
      if (session?.isLoggedIn) onLoggedIn(session, '/dashboard');
      else setChecking(false);
    };
    fetchSession(controller.signal).then(done, () => done(null));
    return () => controller.abort();
  }, [onLoggedIn]);

  if (isChecking) return <LoadingState fullPage />;

  const submit = (credentials: Credentials) => {
    setPending(true);
    setError(null);
    sendLogin(credentials).then(
      (user) => onLoggedIn(toSession(user), '/'),
      (failure: unknown) => {
        setPending(false);
        setError(failure);
      },
    );
  };
  return <LoginForm onSubmit={submit} pending={pending} error={error} />;
}
