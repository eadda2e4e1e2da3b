import { api } from '@school/contract/paths';
import {
  ROLES,
  user,
  userCreate,
  userUpdate,
  type Role,
  type User,
  type USER_SORTS,
} from '@school/contract/users';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { FieldSpec } from '../../components/form/fields';
import type { FilterSpec } from '../../components/list/FilterBar';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column, MenuAction, Resource } from '../../components/list/types';
import { useLookupLabels } from '../../components/lookups';
import { useMayDo } from '../../lib/access';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PayRates } from './PayRates';
import { useCurrentUser } from './currentUser';
import { PROFILE_FIELDS } from './profileFields';
import styles from './users.module.css';

// Every sortable column but id, which the table does not show.
type UserSort = Exclude<(typeof USER_SORTS)[number], 'id'>;

const resource: Resource<User> = {
  path: api.users,
  list: z.array(user),
  rowLabel: (row) => row.login,
  recordName: (row, t) => t('records.user', { name: row.login }),
};

const ROLE_LABEL = {
  admin: 'users.roleAdmin',
  manager: 'users.roleManager',
  teacher: 'users.roleTeacher',
} as const satisfies Record<Role, string>;
const ROLE_MAY = {
  admin: 'users.roleAdminMay',
  manager: 'users.roleManagerMay',
  teacher: 'users.roleTeacherMay',
} as const satisfies Record<Role, string>;

/** What the role chosen in the form may do (docs/roles.md), under the fields. */
function RoleNote() {
  const { t } = useTranslation();
  const role = useWatch({ name: 'role' }) as Role | '' | undefined;
  if (!role) return null;
  return (
    <p className={styles.roleNote} aria-live="polite">
      {t(ROLE_MAY[role])}
    </p>
  );
}

/**
 * The forms' fields: only an admin sets a role or disables a user (the server answers 403 to
 * anyone else who sends them); everyone edits their own profile.
 */
function useFields(isAdmin: boolean) {
  const { t } = useTranslation();
  return useMemo(() => {
    const role: FieldSpec = {
      name: 'role',
      label: 'fields.role',
      kind: 'select',
      required: true,
      options: ROLES.map((value) => ({ value, label: t(ROLE_LABEL[value]) })),
    };
    const create = [...PROFILE_FIELDS, role];
    // Disabling ends the user's sessions and refuses their logins (the server keeps the last admin).
    const edit = isAdmin
      ? [
          ...PROFILE_FIELDS.filter((field) => field.name !== 'password'),
          role,
          { name: 'disabled', label: 'fields.disabled', kind: 'checkbox' } satisfies FieldSpec,
        ]
      : PROFILE_FIELDS.filter((field) => field.name !== 'password');
    const filters: FilterSpec[] = [
      {
        param: 'role',
        label: 'fields.role',
        options: ROLES.map((value) => ({ value, label: t(ROLE_LABEL[value]) })),
      },
    ];
    return { create, edit, filters };
  }, [isAdmin, t]);
}

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
        sort: 'role',
        value: (row) => t(ROLE_LABEL[row.role]),
        // fits "administrator" / "адміністратор" and the sort mark
        width: 140,
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
  const fields = useFields(me.isAdmin);
  // an admin or a manager keeps the teachers' pay rates (docs/roles.md)
  const keepsRates = useMayDo('pay', 'create');

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
      {
        key: 'payrates',
        label: t('payroll.rates'),
        available: () => keepsRates,
        render: (row) => <PayRates user={row} />,
      },
    ],
    [t, me.id, me.isAdmin, keepsRates],
  );

  return (
    <ListScreen
      title={t('titles.users')}
      caption={t('titles.users')}
      fileName="users"
      resource={resource}
      columns={columns}
      filters={fields.filters}
      // only an admin adds and deletes users (docs/roles.md)
      create={
        me.isAdmin
          ? {
              label: t('users.newUser'),
              schema: userCreate,
              fields: fields.create,
              defaults: { role: 'manager' },
              note: <RoleNote />,
            }
          : undefined
      }
      edit={{
        title: t('users.editTitle'),
        schema: userUpdate,
        fields: fields.edit,
        menu,
        ...(me.isAdmin ? { note: <RoleNote /> } : {}),
      }}
      actions={{ delete: me.isAdmin, copy: (row) => (row.email === '' ? null : row.email) }}
    />
  );
}
