import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { useLogout } from './authApi';

/** /logout (docs/screens.md): ends the session on opening and goes to /login, whatever the answer. */
export function LogoutScreen() {
  const logout = useLogout();
  const { mutate } = logout;
  // StrictMode mounts effects twice in development; one POST is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (logout.isSuccess || logout.isError) return <Navigate to="/login" replace />;
  return <LoadingState fullPage />;
}
