import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../i18n/i18n';
import controls from './controls.module.css';
import styles from './LanguageSelect.module.css';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={controls.label} htmlFor={id}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={`${controls.input} ${styles.select}`}
        value={i18n.language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
