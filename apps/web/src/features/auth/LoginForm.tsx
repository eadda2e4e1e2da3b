import { LOGIN_MAX } from '@school/contract/constants';
import { GraduationCap } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguageSelect';
import { Spinner } from '../../components/Spinner';
import controls from '../../components/controls.module.css';
import { loginErrorKey } from './loginError';
import type { Credentials } from './sendLogin';
import styles from './LoginScreen.module.css';

const PASSWORD_INPUT_MAX = 1024;

/**
 * The two fields checked by the contract's rules; zod comes with the first submit, not with the
 * login page's download (docs/quality.md). Null when they break the rules (the browser's own
 * checks, `required` and `maxLength`, say why before this runs).
 */
async function checked(form: HTMLFormElement): Promise<Credentials | null> {
  const data = new FormData(form);
  const { loginRequest } = await import('@school/contract/auth');
  const result = loginRequest
    .pick({ login: true, password: true })
    .safeParse({ login: data.get('login'), password: data.get('password') });
  return result.success ? result.data : null;
}

interface LoginFormProps {
  /** Called with the checked fields. */
  onSubmit: (credentials: Credentials) => void;
  pending: boolean;
  /** The last attempt's failure, shown under the form; null when there is none. */
  error: unknown;
}

/**
 * The login page's card (docs/screens.md): the same on the first page a visitor opens and inside
 * the app after a logout. Plain form fields: react-hook-form is not part of the login page's
 * download (ADR 032).
 */
export function LoginForm({ onSubmit, pending, error }: LoginFormProps) {
  const { t } = useTranslation();
  const ids = { login: useId(), password: useId(), error: useId() };
  const errorKey = error === null ? null : loginErrorKey(error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void checked(event.currentTarget).then((credentials) => {
      if (credentials) onSubmit(credentials);
    });
  }

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

        <form className={styles.form} onSubmit={submit} aria-busy={pending}>
          <div>
            <label className={controls.label} htmlFor={ids.login}>
              {t('login.login')}
            </label>
            <input
              id={ids.login}
              name="login"
              className={controls.input}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={LOGIN_MAX}
            />
          </div>
          <div>
            <label className={controls.label} htmlFor={ids.password}>
              {t('login.password')}
            </label>
            <input
              id={ids.password}
              name="password"
              type="password"
              className={controls.input}
              autoComplete="current-password"
              required
              maxLength={PASSWORD_INPUT_MAX}
              aria-invalid={errorKey !== null}
              aria-describedby={errorKey !== null ? ids.error : undefined}
            />
          </div>
          <button
            type="submit"
            className={`${controls.button} ${styles.submit}`}
            disabled={pending}
          >
            {pending && <Spinner />}
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
