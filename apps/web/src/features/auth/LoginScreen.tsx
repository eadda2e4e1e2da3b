import { Navigate } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { useSession } from '../../lib/session';
import { useLogin } from './authApi';
import { LoginForm } from './LoginForm';

/** /login inside the app (after a logout, or when a logged-out visitor is sent there). */
export function LoginScreen() {
  const { isChecking, session } = useSession();
  const login = useLogin();

  if (isChecking) return <LoadingState fullPage />;
  // docs/screens.md: a logged-in visitor is sent to /dashboard; right after this form succeeds, to /.
  if (session.isLoggedIn) return <Navigate to={login.isSuccess ? '/' : '/dashboard'} replace />;

  return (
    <LoginForm
      onSubmit={(credentials) => login.mutate(credentials)}
      pending={login.isPending}
      error={login.isError ? login.error : null}
    />
  );
}
