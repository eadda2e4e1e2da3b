import { h } from './dom';
import {
  LOCALE_NAMES,
  LOCALES,
  STORAGE_KEY,
  storeLocale,
  type Locale,
  type Translate,
} from './i18n';

/**
 * The page's bar: its title and the language choice. A switch changes `t.locale`, is kept on
 * this device (under `storageKey`: the games share one, the learner's page has its own) and
 * calls `switched`, which re-words the page without reloading anything.
 */
export function languageBar(
  title: HTMLElement,
  t: Translate,
  switched: () => void,
  storageKey = STORAGE_KEY,
) {
  const select = h(
    'select',
    {
      'aria-label': t.live('language'),
      onchange: () => {
        t.locale = select.value as Locale;
        storeLocale(t.locale, storageKey);
        document.documentElement.lang = t.locale;
        switched();
      },
    },
    (Object.keys(LOCALES) as Locale[]).map((l) =>
      h('option', { value: l, selected: l === t.locale }, LOCALE_NAMES[l]),
    ),
  );
  return h('header', { class: 'bar' }, title, select);
}
