import { api } from '@school/contract/paths';
import { user } from '@school/contract/users';
import { skipToken, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/http';
import { useSession } from '../../lib/session';

/**
 * The logged-in user's own record: the session (docs/data-model.md) does not say whether they are an
 * admin, which decides whose passwords they may change.
 */
export function useCurrentUser() {
  const { session } = useSession();
  const id = session.isLoggedIn ? session.userId : null;
  const query = useQuery({
    queryKey: ['currentUser', id],
    queryFn:
      id === null ? skipToken : ({ signal }) => request(api.user(id), { schema: user, signal }),
  });
  return { id, isAdmin: query.data?.isAdmin ?? false };
}
