import { api } from '@school/contract/paths';
import { passwordChange, type User } from '@school/contract/users';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EntityForm } from '../../components/form/EntityForm';
import { toFormValues, type FieldSpec } from '../../components/form/fields';
import { request } from '../../lib/http';
import styles from './users.module.css';

/** One's own password needs the current one (the server checks it); an admin's reset does not. */
const ownSchema = passwordChange.extend({
  currentPassword: z.string().min(1, 'is required').max(1024),
});

const OWN_FIELDS: readonly FieldSpec[] = [
  { name: 'currentPassword', label: 'fields.currentPassword', kind: 'password' },
  { name: 'password', label: 'fields.newPassword', kind: 'newPassword' },
  { name: 'endOtherSessions', label: 'fields.endOtherSessions', kind: 'checkbox' },
];
// Someone else's password set by an admin: all of that user's sessions end (contract default).
const OTHER_FIELDS: readonly FieldSpec[] = [
  { name: 'password', label: 'fields.newPassword', kind: 'newPassword' },
];

interface ChangePasswordFormProps {
  user: User;
  own: boolean;
  /** OK after success: back to the edit form; without it the form comes back empty. */
  onDone?: () => void;
}

export function ChangePasswordForm({ user, own, onDone }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const fields = own ? OWN_FIELDS : OTHER_FIELDS;
  return (
    <>
      <p className={styles.note}>{t('users.changePasswordFor', { name: user.login })}</p>
      <EntityForm
        mode="create"
        label={t('users.changePassword')}
        schema={own ? ownSchema : passwordChange}
        fields={fields}
        defaultValues={toFormValues(fields, { endOtherSessions: true })}
        submitLabel={t('users.setPassword')}
        onSubmit={(body) => request(api.userPassword(user.id), { method: 'PUT', body })}
        onDoneOk={onDone}
      />
    </>
  );
}
