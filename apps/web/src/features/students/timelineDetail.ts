import type { TimelineEntry } from '@school/contract/students';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, formatMoney, formatWallClock } from '../../lib/format';

/**
 * An entry's title and detail in the chosen language (docs/students.md, Timeline): the server
 * sends data, the words and their plural forms come from the dictionaries.
 */
export function timelineTitle(entry: TimelineEntry, t: TFunction): string {
  if (entry.kind === 'participation' && entry.title === '') return t('timeline.lesson');
  // the student opened their own page (docs/learner-page.md): the words are the entry
  if (entry.kind === 'page') return t('timeline.openedPage');
  // a payment reminder by the bot (docs/money.md, Payment reminders): whether Telegram took it
  if (entry.kind === 'reminder') {
    return entry.sent ? t('timeline.reminderSent') : t('timeline.reminderNotSent');
  }
  return entry.title;
}

/**
 * When an entry happened, as its heading says: a lesson at the school's date and clock time, the
 * clock of its own "17:00–18:30"; anything else at its instant in the user's zone.
 */
export function timelineWhen(entry: TimelineEntry, locale: string, timeZone?: string): string {
  if (entry.kind === 'participation') return formatWallClock(entry.date, entry.start, locale);
  return formatDateTime(entry.at, locale, timeZone);
}

export function timelineDetail(entry: TimelineEntry, t: TFunction, locale: string): string {
  const parts: string[] = [];
  switch (entry.kind) {
    case 'run':
      parts.push(
        entry.finished ? t('timeline.finished') : t('timeline.inProgress'),
        t('timeline.replies', { count: entry.replies }),
      );
      break;
    case 'game':
      parts.push(
        t('timeline.score', { score: entry.score, max: entry.max }),
        t('timeline.seconds', { seconds: entry.seconds }),
      );
      if (entry.isSet) parts.push(t('timeline.inSet'));
      break;
    case 'participation':
      parts.push(entry.end ? `${entry.start}–${entry.end}` : entry.start);
      if (entry.presence) parts.push(t(`timeline.${entry.presence}`));
      if (entry.paid) parts.push(t('timeline.paid'));
      break;
    case 'reminder':
      parts.push(
        t('timeline.reminderDue', { amount: formatMoney(entry.amount, locale, entry.currency) }),
      );
      if (entry.error) parts.push(entry.error);
      break;
    case 'document': {
      if (entry.number !== '') parts.push(t('timeline.number', { number: entry.number }));
      const from = formatDate(entry.dateFrom, locale);
      const to = formatDate(entry.dateTo, locale);
      if (from && to) parts.push(t('timeline.dates', { from, to }));
      else if (from) parts.push(t('timeline.from', { date: from }));
      else if (to) parts.push(t('timeline.until', { date: to }));
      break;
    }
  }
  return parts.join(' · ');
}
