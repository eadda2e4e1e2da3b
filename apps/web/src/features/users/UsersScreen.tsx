import { api } from '@school/contract/paths';
import { user, userCreate, userUpdate, type User, type USER_SORTS } from '@school/contract/users';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { FieldSpec } from '../../components/form/fields';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column, MenuAction, Resource } from '../../components/list/types';
import { useLookupLabels } from '../../components/lookups';
import { ChangePasswordForm } from './ChangePasswordForm';
import { useCurrentUser } from './currentUser';

// Every sortable column but id, which the table does not show.
type UserSort = Exclude<(typeof USER_SORTS)[number], 'id'>;

const resource: Resource<User> = {
  path: api.users,
  list: z.array(user),
  rowLabel: (row) => row.login,
  recordName: (row, t) => t('records.user', { name: row.login }),
};

const CREATE_FIELDS: readonly FieldSpec[] = [
  { name: 'login', label: 'fields.login' },
  { name: 'password', label: 'fields.password', kind: 'newPassword' },
  { name: 'firstName', label: 'fields.firstName' },
  { name: 'lastName', label: 'fields.lastName' },
  { name: 'email', label: 'fields.email', kind: 'email' },
  { name: 'tel', label: 'fields.tel', kind: 'tel' },
  { name: 'dateBirth', label: 'fields.dateBirth', kind: 'date' },
  { name: 'position', label: 'fields.position' },
  { name: 'project', label: 'fields.project', kind: 'select', lookup: api.lookup('projects') },
  { name: 'language', label: 'fields.language', kind: 'select', lookup: api.lookup('languages') },
  { name: 'isAdmin', label: 'fields.isAdmin', kind: 'checkbox' },
];
// Disabling ends the user's sessions and refuses their logins (the server keeps the last admin).
const EDIT_FIELDS: readonly FieldSpec[] = [
  ...CREATE_FIELDS.filter((field) => field.name !== 'password'),
  { name: 'disabled', label: 'fields.disabled', kind: 'checkbox' },
];

function useColumns(): Column<User>[] {
  const { t } = useTranslation();
  const projectName = useLookupLabels(api.lookup('projects'));
  return useMemo(() => {
    const text = (key: UserSort & keyof User): Column<User> => ({
      key,
      label: `fields.${key}`,
      sort: key,
      value: (row) => row[key],
    });
    return [
      text('login'),
      text('firstName'),
      text('lastName'),
      text('email'),
      text('tel'),
      text('position'),
      { key: 'project', label: 'fields.project', value: (row) => projectName(row.project) },
      {
        key: 'role',
        label: 'fields.role',
        value: (row) => t(row.isAdmin ? 'users.roleAdmin' : 'users.roleStaff'),
      },
      {
        key: 'disabled',
        label: 'fields.disabledShort',
        value: (row) => t(row.disabled ? 'users.disabledYes' : 'users.disabledNo'),
      },
    ];
  }, [projectName, t]);
}

export function UsersScreen() {
  const { t } = useTranslation();
  const columns = useColumns();
  const me = useCurrentUser();

  const menu = useMemo<MenuAction<User>[]>(
    () => [
      {
        key: 'password',
        label: t('users.changePassword'),
        // Anyone changes their own; only an admin sets someone else's (the server agrees).
        available: (row) => row.id === me.id || me.isAdmin,
        render: (row, back) => (
          <ChangePasswordForm user={row} own={row.id === me.id} onDone={back} />
        ),
      },
    ],
    [t, me.id, me.isAdmin],
  );

  return (
    <ListScreen
      title={t('titles.users')}
      caption={t('titles.users')}
      fileName="users"
      resource={resource}
      columns={columns}
      create={{ label: t('users.newUser'), schema: userCreate, fields: CREATE_FIELDS }}
      edit={{ title: t('users.editTitle'), schema: userUpdate, fields: EDIT_FIELDS, menu }}
      actions={{ delete: true, copy: (row) => (row.email === '' ? null : row.email) }}
    />
  );
}
