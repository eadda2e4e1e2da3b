import 'i18next';
import type appEn from './app.en.json';
import type screensEn from './screens.en.json';
import type en from './en.json';

// Makes t() check its keys against the English dictionary at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en & typeof appEn & typeof screensEn };
  }
}
