import { GAME_PAGES, SET_PAGE } from '@school/contract/game-rules';
import { loadGame, loadSet, NotFound, type Playlist } from './api';
import { h, show } from './dom';
import { initialLocale, LOCALE_NAMES, LOCALES, storeLocale, translator, type Locale } from './i18n';
import { playList } from './play';
import './style.css';

/** /play/{grid|quiz|word|matching-gaps|set}?id=N[&s=hashCode] (docs/games.md; ADR 020). */
const page = location.pathname.replace(/^\/play\/?/, '').replace(/\/$/, '');
const params = new URLSearchParams(location.search);
const idText = params.get('id') ?? '';
const id = /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : null;
const hashCode = params.get('s');
const isGamePage = Object.values<string>(GAME_PAGES).includes(page);
const isSetPage = page === SET_PAGE;

const app = document.getElementById('app')!;
let locale: Locale = initialLocale();
let loaded: Promise<Playlist> | undefined;

function load(): Promise<Playlist> {
  if (id === null || (!isGamePage && !isSetPage)) return Promise.reject(new NotFound(page));
  loaded ??= isSetPage ? loadSet(id) : loadGame(id);
  return loaded;
}

function start() {
  const t = translator(locale);
  document.documentElement.lang = locale;
  document.title = t('title');
  const select = h(
    'select',
    {
      'aria-label': t('language'),
      onchange: () => {
        locale = select.value as Locale;
        storeLocale(locale);
        start();
      },
    },
    (Object.keys(LOCALES) as Locale[]).map((l) =>
      h('option', { value: l, selected: l === locale }, LOCALE_NAMES[l]),
    ),
  );
  const title = h('h1', {}, t('title'));
  const body = h('div', { class: 'body' }, h('p', { class: 'loading' }, t('loading')));
  show(app, h('header', { class: 'bar' }, title, select), body);

  load().then(
    (list) => {
      title.textContent = list.name;
      document.title = list.name;
      playList(body, list, t, {
        target: isSetPage ? { set: list.id } : { grid: list.id },
        hashCode: hashCode && /^[A-Za-z0-9_-]{1,64}$/.test(hashCode) ? hashCode : null,
      });
    },
    (error: unknown) => {
      if (error instanceof NotFound) {
        title.textContent = t('notFoundTitle');
        show(body, h('p', { class: 'not-found' }, t('notFoundText')));
        return;
      }
      loaded = undefined;
      show(
        body,
        h('p', {}, t('loadFailed')),
        h('button', { type: 'button', class: 'primary', onclick: start }, t('tryAgain')),
      );
    },
  );
}

start();
