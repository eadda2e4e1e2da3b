import { HASH_CODE_PATTERN } from '@school/contract/game-rules';
import type { LearnerPage } from '@school/contract/learner';
import { loadLearnerPage, NotFound } from '../api';
import { h, relabel, show } from '../dom';
import { languageBar } from '../header';
import { browserLocale, defaultLocale, storedLocale, translator, type Locale } from '../i18n';
import { chooseLocale, ME_STORAGE_KEY } from './locale';
import { learnerSections } from './render';
import '../style.css';
import './me.css';

/**
 * /play/me?s={hashCode}: the learner's own page (docs/learner-page.md; ADR 030). Its language
 * (chooseLocale): the one chosen with this page's switch on this device, else the student's,
 * else the browser's, else the server's default; a switch re-words the page and loads nothing
 * again. A language chosen inside a game is the games' own and does not count here.
 */
const hashCode = new URLSearchParams(location.search).get('s') ?? '';
const app = document.getElementById('app')!;
let chosen = storedLocale(ME_STORAGE_KEY);
// read before the page sets its <html lang>, which holds DEFAULT_LOCALE until then
const browser = browserLocale();
const fallback = defaultLocale();
const localeFor = (student: Locale | null) => chooseLocale({ chosen, student, browser, fallback });
// the student's language is known once the page's data is in
const t = translator(localeFor(null));
let pageTitle = () => t('meTitle');

const retitle = () => {
  document.documentElement.lang = t.locale;
  document.title = pageTitle();
};
const bar = languageBar(
  h('p', { class: 'brand' }, t.live('meTitle')),
  t,
  () => {
    chosen = t.locale;
    relabel();
    retitle();
  },
  ME_STORAGE_KEY,
);
const body = h('main', { class: 'me' });
show(app, bar, body);
retitle();

function shown(page: LearnerPage) {
  const locale = localeFor(page.locale);
  if (locale !== t.locale) {
    t.locale = locale;
    bar.querySelector('select')!.value = t.locale;
    relabel();
  }
  pageTitle = () => `${page.name} · ${t('meTitle')}`;
  retitle();
  show(body, ...learnerSections(page, t, hashCode));
}

function load() {
  show(body, h('p', { class: 'loading', role: 'status' }, t.live('loading')));
  const request = HASH_CODE_PATTERN.test(hashCode)
    ? loadLearnerPage(hashCode)
    : Promise.reject(new NotFound(hashCode));
  request.then(shown, (error: unknown) => {
    if (error instanceof NotFound) {
      pageTitle = () => t('notFoundPage');
      retitle();
      show(
        body,
        h('h1', {}, t.live('notFoundPage')),
        h('p', { class: 'not-found' }, t.live('notFoundPageText')),
      );
      return;
    }
    show(
      body,
      h('p', {}, t.live('pageLoadFailed')),
      h('button', { type: 'button', class: 'primary', onclick: load }, t.live('tryAgain')),
    );
  });
}

load();
