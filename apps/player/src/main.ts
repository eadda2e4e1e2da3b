import { GAME_PAGES, HASH_CODE_PATTERN, SET_PAGE } from '@school/contract/game-rules';
import { loadGame, loadSet, NotFound, type Playlist } from './api';
import { h, Live, relabel, show } from './dom';
import { languageBar } from './header';
import { initialLocale, translator } from './i18n';
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
const t = translator(initialLocale());
/** The page's name: the game's once loaded, else the player's in the chosen language. */
let pageTitle = () => t('title');
let loaded: Promise<Playlist> | undefined;

function load(): Promise<Playlist> {
  if (id === null || (!isGamePage && !isSetPage)) return Promise.reject(new NotFound(page));
  loaded ??= isSetPage ? loadSet(id) : loadGame(id);
  return loaded;
}

const title = h('h1', {});
const body = h('div', { class: 'body' });
const titled = (text: () => string) => {
  pageTitle = text;
  show(title, new Live(text));
  document.title = text();
};

// a language switch re-words what is shown and keeps the game where it is
document.documentElement.lang = t.locale;
show(
  app,
  languageBar(title, t, () => {
    relabel();
    document.title = pageTitle();
  }),
  body,
);

function start() {
  titled(() => t('title'));
  show(body, h('p', { class: 'loading' }, t.live('loading')));
  load().then(
    (list) => {
      titled(() => list.name);
      playList(body, list, t, {
        target: isSetPage ? { set: list.id } : { grid: list.id },
        hashCode: hashCode && HASH_CODE_PATTERN.test(hashCode) ? hashCode : null,
      });
    },
    (error: unknown) => {
      if (error instanceof NotFound) {
        titled(() => t('notFoundTitle'));
        show(body, h('p', { class: 'not-found' }, t.live('notFoundText')));
        return;
      }
      loaded = undefined;
      show(
        body,
        h('p', {}, t.live('loadFailed')),
        h('button', { type: 'button', class: 'primary', onclick: start }, t.live('tryAgain')),
      );
    },
  );
}

start();
