import 'i18next';
import type appEn from './app.en.json';
import type en from './en.json';
import type { ScreensDictionary } from './loggedInTexts';

// Makes t() check its keys against the English dictionaries (every part) at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en & typeof appEn & ScreensDictionary };
  }
}
