import { api } from '@school/contract/paths';
import { user, userUpdate } from '@school/contract/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EntityForm } from '../../components/form/EntityForm';
import { toFormValues } from '../../components/form/fields';
import { HeaderBlock } from '../../components/HeaderBlock';
import { invalidateResource } from '../../components/list/useInfiniteList';
import { LoadingState } from '../../components/LoadingState';
import { request } from '../../lib/http';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { ChangePasswordForm } from './ChangePasswordForm';
import { MyPay } from './MyPay';
import { useCurrentUser } from './currentUser';
import { PROFILE_FIELDS } from './profileFields';
import styles from './Profile.module.css';
import { CardRetry, CardSection } from '../../components/CardSection';

/** The own details as the profile edits them: the password has a section of its own. */
const OWN_FIELDS = PROFILE_FIELDS.filter((field) => field.name !== 'password');

/**
 * /profile (docs/roles.md): every role's own details and password, reached from the name at the
 * top of the navigation; one's sessions are in Settings, linked from here.
 */
export function ProfileScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const id = me.id ?? 0;
  const own = useQuery({
    queryKey: ['profile', id],
    queryFn: ({ signal }) => request(api.user(id), { schema: user, signal }),
    enabled: me.id !== null,
  });

  const failed = <CardRetry onRetry={() => void own.refetch()} />;

  return (
    <>
      <HeaderBlock title={t('titles.profile')} />

      <CardSection
        headingId="details-heading"
        title={t('profile.details')}
        intro={t('profile.detailsIntro')}
      >
        {own.data === undefined ? (
          own.isError ? (
            failed
          ) : (
            <LoadingState />
          )
        ) : (
          <div className={styles.form}>
            <EntityForm
              mode="edit"
              key={own.data.id}
              label={t('profile.details')}
              schema={userUpdate}
              fields={OWN_FIELDS}
              defaultValues={toFormValues(OWN_FIELDS, own.data)}
              submitLabel={t('form.saveChanges')}
              onSubmit={(body) => request(api.user(id), { method: 'PUT', body })}
              // the version read goes with the save; a 409 reloads the record (ADR 038)
              versioned={{
                version: own.data.version,
                load: async () => {
                  const current = await request(api.user(id), { schema: user });
                  return { values: toFormValues(OWN_FIELDS, current), version: current.version };
                },
              }}
              // the name at the top of the navigation and the users' lists show the change; the
              // form keeps what was saved
              onSaved={() => {
                void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
                invalidateResource(queryClient, api.users);
              }}
              onDoneOk={() => undefined}
            />
          </div>
        )}
      </CardSection>

      <CardSection headingId="password-heading" title={t('profile.password')}>
        {own.data === undefined ? (
          own.isError ? (
            failed
          ) : (
            <LoadingState />
          )
        ) : (
          <div className={styles.form}>
            <ChangePasswordForm user={own.data} own />
          </div>
        )}
      </CardSection>

      <MyPay />

      <p className={styles.sessionsLink}>
        {t('profile.sessionsIn')} <Link to="/settings">{t('profile.toSettings')}</Link>
      </p>
    </>
  );
}
