import { mayDo, mayDoAll, type Action, type Domain } from '@school/contract/roles';
import type { Role } from '@school/contract/users';
import { useSession } from './session';

/**
 * The screens whose data a role may not read, or manage (docs/roles.md): the navigation leaves them out
 * and a deep link shows "Not available for your role". The rights are the contract's table,
 * the same the server answers 403 by.
 */
const SCREEN_DOMAINS: readonly { prefix: string; domain: Domain; action?: Action }[] = [
  // user management: every role reads the users (names in selectors), only an admin manages
  // them; one's own profile, password and sessions are on /profile
  { prefix: '/users', domain: 'users', action: 'update' },
  // the dashboard's figures are all the CRM's
  { prefix: '/dashboard', domain: 'clients' },
  { prefix: '/clients', domain: 'clients' },
  { prefix: '/pipeline', domain: 'clients' },
  { prefix: '/cardocuments', domain: 'studentDocuments' },
  { prefix: '/audit', domain: 'audit' },
  // the money screens (docs/money.md): admins and managers
  { prefix: '/payments', domain: 'money' },
  { prefix: '/invoices', domain: 'invoices' },
  { prefix: '/balances', domain: 'money' },
  // teachers' pay: a teacher sees their own on /profile (docs/money.md, Teachers' pay)
  { prefix: '/payroll', domain: 'pay', action: 'create' },
];

const under = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether a user of `role` may open the screen at `pathname` ('/' is the dashboard). */
export function mayOpen(role: Role, pathname: string): boolean {
  const path = pathname === '/' ? '/dashboard' : pathname;
  return SCREEN_DOMAINS.every(
    ({ prefix, domain, action = 'read' }) => !under(path, prefix) || mayDo(role, domain, action),
  );
}

/** Where a role starts: the dashboard, or the schedule for a role without the CRM. */
export const homeOf = (role: Role) => (mayOpen(role, '/dashboard') ? '/dashboard' : '/schedule');

/**
 * Whether the signed-in user may do `action` in `domain` at all (docs/roles.md): a control whose
 * call the server would refuse is not shown.
 */
export function useMayDo(domain: Domain, action: Action): boolean {
  const { session } = useSession();
  return session.isLoggedIn && mayDo(session.role, domain, action);
}

/**
 * Whether the signed-in user may do `action` over every record of `domain` (reach `all`): a
 * control that may touch anyone's records, such as the students' CSV import, is shown only then.
 */
export function useMayDoAll(domain: Domain, action: Action): boolean {
  const { session } = useSession();
  return session.isLoggedIn && mayDoAll(session.role, domain, action);
}
