import type { LoginRequest } from '@school/contract/auth';
import { LOGIN_MAX } from '@school/contract/constants';
import { GraduationCap } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LoadingState } from '../../components/LoadingState';
import { lazyResolver } from '../../components/form/lazyResolver';
import { Spinner } from '../../components/Spinner';
import controls from '../../components/controls.module.css';
import { useSession } from '../../lib/session';
import { useLogin } from './authApi';
import { loginErrorKey } from './loginError';
import styles from './LoginScreen.module.css';

type LoginForm = Pick<LoginRequest, 'login' | 'password'>;
/** The contract's rules for the two fields; zod comes with the first validation (docs/quality.md). */
const loginResolver = lazyResolver<LoginForm>(async () => {
  const [{ zodResolver }, { loginRequest }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@school/contract/auth'),
  ]);
  return zodResolver(loginRequest.pick({ login: true, password: true }));
});
const PASSWORD_INPUT_MAX = 1024;

export function LoginScreen() {
  const { t } = useTranslation();
  const { isChecking, session } = useSession();
  const login = useLogin();
  const { register, handleSubmit } = useForm<LoginForm>({
    resolver: loginResolver,
    defaultValues: { login: '', password: '' },
  });
  const ids = { login: useId(), password: useId(), error: useId() };

  if (isChecking) return <LoadingState fullPage />;
  // docs/screens.md: a logged-in visitor is sent to /dashboard; right after this form succeeds, to /.
  if (session.isLoggedIn) return <Navigate to={login.isSuccess ? '/' : '/dashboard'} replace />;

  const errorKey = login.isError ? loginErrorKey(login.error) : null;

  return (
    <main className={styles.page}>
      <div className={`${controls.card} ${styles.card}`}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            <GraduationCap size={22} />
          </span>
          <span>{t('app.name')}</span>
        </div>
        <h1 className={styles.title}>{t('login.title')}</h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>

        <form
          className={styles.form}
          onSubmit={handleSubmit((values) => login.mutate(values))}
          aria-busy={login.isPending}
        >
          <div>
            <label className={controls.label} htmlFor={ids.login}>
              {t('login.login')}
            </label>
            <input
              id={ids.login}
              className={controls.input}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={LOGIN_MAX}
              {...register('login')}
            />
          </div>
          <div>
            <label className={controls.label} htmlFor={ids.password}>
              {t('login.password')}
            </label>
            <input
              id={ids.password}
              type="password"
              className={controls.input}
              autoComplete="current-password"
              required
              maxLength={PASSWORD_INPUT_MAX}
              aria-invalid={errorKey !== null}
              aria-describedby={errorKey !== null ? ids.error : undefined}
              {...register('password')}
            />
          </div>
          <button
            type="submit"
            className={`${controls.button} ${styles.submit}`}
            disabled={login.isPending}
          >
            {login.isPending && <Spinner />}
            {t('login.submit')}
          </button>
        </form>

        {/* Always in the DOM, so screen readers announce the message when it appears. */}
        <p id={ids.error} className={styles.error} role="alert">
          {errorKey !== null ? t(errorKey) : null}
        </p>

        <div className={styles.footer}>
          <LanguageSelect />
        </div>
      </div>
    </main>
  );
}
