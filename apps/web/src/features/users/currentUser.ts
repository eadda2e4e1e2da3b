import { useSession } from '../../lib/session';

/**
 * The logged-in user: their id and role as the session check answered (docs/roles.md); the
 * role decides whose passwords they may change and what of the users they may edit.
 */
export function useCurrentUser() {
  const { session } = useSession();
  if (!session.isLoggedIn) return { id: null, role: null, isAdmin: false };
  return { id: session.userId, role: session.role, isAdmin: session.role === 'admin' };
}
