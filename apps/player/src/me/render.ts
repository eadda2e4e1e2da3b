import { groupIban } from '@school/contract/bank';
import { isHttpUrl } from '@school/contract/game-rules';
import type { LearnerPage } from '@school/contract/learner';
import { api } from '@school/contract/paths';
import { h, Live } from '../dom';
import type { TextKey, Translate } from '../i18n';

/**
 * A value with a Copy button: the text stays selectable, and the button says whether it was
 * copied (or to copy it by hand where the browser does not allow it).
 */
function copyable(label: Live, value: string, shown: string, t: Translate) {
  const status = h('span', { class: 'me-copied', role: 'status' });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'me-copy',
      'aria-label': new Live(() => `${t('copy')}: ${label.text()}`),
      onclick: () => {
        const done = (key: TextKey) => {
          status.textContent = t(key);
        };
        navigator.clipboard.writeText(value).then(
          () => done('copied'),
          () => done('copyFailed'),
        );
      },
    },
    t.live('copy'),
  );
  return h(
    'div',
    { class: 'me-field' },
    h('p', { class: 'me-label' }, label),
    h('p', { class: 'me-value' }, h('span', { class: 'me-code' }, shown), button, status),
  );
}

/**
 * How to pay (docs/learner-page.md, How to pay): the school, its IBAN in groups of four and the
 * transfer title carrying the student's payment reference, each to copy, and the QR code of what
 * is owed now. Nothing while the school has no bank account yet.
 */
function howToPay(page: LearnerPage, t: Translate, money: (amount: string) => Live) {
  const { account } = page;
  if (account.iban === null) return null;
  return h(
    'div',
    { class: 'me-pay' },
    h('h3', {}, t.live('howToPay')),
    account.schoolName
      ? h(
          'div',
          { class: 'me-field' },
          h('p', { class: 'me-label' }, t.live('payTo')),
          h('p', { class: 'me-value' }, account.schoolName),
        )
      : null,
    copyable(t.live('bankAccount'), account.iban, groupIban(account.iban), t),
    copyable(t.live('transferTitle'), account.transferTitle, account.transferTitle, t),
    h('p', { class: 'muted' }, t.live('titleHint')),
    account.qrCode
      ? h(
          'figure',
          { class: 'me-qr' },
          h('img', {
            src: account.qrCode,
            alt: t.live('paymentQr'),
            width: 220,
            height: 220,
          }),
          h(
            'figcaption',
            { class: 'muted' },
            new Live(() => t('scanToPay', { amount: money(account.balance).text() })),
          ),
        )
      : null,
  );
}

/**
 * The statements (docs/learner-page.md, Statements): a month the account has entries in, and
 * a link that downloads that month's statement as PDF in the page's language.
 */
function statements(page: LearnerPage, t: Translate, hashCode: string) {
  const heading = t.live('statements');
  const card = (...content: HTMLElement[]) =>
    h('section', { class: 'me-card', 'aria-label': heading }, h('h2', {}, heading), ...content);
  if (page.statementMonths.length === 0)
    return card(h('p', { class: 'muted' }, t.live('noStatements')));
  const monthName = (month: string) =>
    new Live(() =>
      new Intl.DateTimeFormat(t.locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
        new Date(`${month}-01T12:00:00Z`),
      ),
    );
  const select = h(
    'select',
    { id: 'me-statement-month', class: 'me-select' },
    page.statementMonths.map((month) => h('option', { value: month }, monthName(month))),
  );
  const href = new Live(
    () =>
      `${api.publicStatement(hashCode)}?month=${encodeURIComponent(select.value)}&lang=${t.locale}`,
  );
  const link = h('a', { class: 'button', href, download: '' }, t.live('downloadStatement'));
  select.addEventListener('change', () => link.setAttribute('href', href.text()));
  return card(
    h(
      'div',
      { class: 'me-statement' },
      h('label', { for: 'me-statement-month', class: 'me-label' }, t.live('statementMonth')),
      select,
      link,
    ),
  );
}

/**
 * The learner's own page (docs/learner-page.md) from its data: every section at once, no tabs.
 * Every word and every date, time and amount is a live text, so a language switch re-words the
 * page without loading or drawing it again.
 */
export function learnerSections(page: LearnerPage, t: Translate, hashCode = ''): HTMLElement[] {
  const zone = page.timeZone;
  const when = (start: string, end?: string) =>
    new Live(() => {
      const day = new Intl.DateTimeFormat(t.locale, {
        timeZone: zone,
        weekday: 'short',
        day: 'numeric',
        month: 'long',
      }).format(new Date(start));
      const time = new Intl.DateTimeFormat(t.locale, {
        timeZone: zone,
        hour: 'numeric',
        minute: '2-digit',
      });
      const from = time.format(new Date(start));
      return end ? `${day}, ${from}–${time.format(new Date(end))}` : `${day}, ${from}`;
    });
  // amounts come as two-decimal strings ("120.00") in the school's currency
  const money = (amount: string) =>
    new Live(() =>
      new Intl.NumberFormat(t.locale, {
        style: 'currency',
        currency: page.account.currency,
      }).format(Number(amount)),
    );
  // a lesson's date (YYYY-MM-DD) of the school's calendar, as it is
  const day = (date: string) =>
    new Live(() =>
      new Intl.DateTimeFormat(t.locale, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'long',
      }).format(new Date(`${date}T12:00:00Z`)),
    );
  const section = (
    heading: TextKey,
    empty: TextKey,
    items: HTMLElement[],
    ...after: (HTMLElement | null)[]
  ) =>
    h(
      'section',
      { class: 'me-card', 'aria-label': t.live(heading) },
      h('h2', {}, t.live(heading)),
      items.length > 0
        ? h('ul', { class: 'me-list' }, items)
        : h('p', { class: 'muted' }, t.live(empty)),
      ...after,
    );
  const course = (name: string) => (name.trim() ? name : t.live('lesson'));

  const lessons = page.nextLessons.map((lesson) =>
    h(
      'li',
      { class: 'me-lesson' },
      h('p', { class: 'me-when' }, when(lesson.start, lesson.end)),
      h('p', { class: 'me-what' }, course(lesson.course)),
      lesson.teacher ? h('p', {}, t.live('teacher', { name: lesson.teacher })) : null,
      // only an http(s) address is a link (the server answers '' for any other text)
      isHttpUrl(lesson.meetLink)
        ? h(
            'a',
            {
              class: 'button',
              href: lesson.meetLink,
              target: '_blank',
              rel: 'noopener noreferrer',
            },
            t.live('joinMeet'),
          )
        : null,
      lesson.homework
        ? h(
            'div',
            { class: 'me-homework' },
            h('p', { class: 'me-label' }, t.live('homework')),
            h('p', { class: 'me-text' }, lesson.homework),
          )
        : null,
    ),
  );

  const due = page.due.lessons.map((d) =>
    h(
      'li',
      { class: 'me-row' },
      h('span', {}, day(d.date), ' · ', d.adjustment ? t.live('otherCharge') : course(d.course)),
      h('strong', {}, money(d.amount)),
    ),
  );
  const balance = Number(page.account.balance);
  // what is owed, or the credit paid ahead when there is some
  const total =
    balance > 0
      ? h(
          'p',
          { class: 'me-total' },
          new Live(() => t('owed', { amount: money(page.account.balance).text() })),
        )
      : Number(page.account.credit) > 0
        ? h(
            'p',
            { class: 'me-credit' },
            new Live(() => t('creditLeft', { amount: money(page.account.credit).text() })),
          )
        : null;

  const marks = page.marks.map((mark) =>
    h(
      'li',
      { class: 'me-row' },
      h('span', {}, when(mark.start), ' · ', course(mark.course)),
      h('strong', { class: `me-${mark.presence}` }, t.live(mark.presence)),
    ),
  );

  const games = page.games.map((game) =>
    h(
      'li',
      { class: 'me-row' },
      h(
        'span',
        {},
        h('a', { href: game.link, class: 'me-game' }, game.name),
        game.isSet ? h('span', { class: 'muted' }, ' · ', t.live('setOfGames')) : null,
      ),
      h(
        'span',
        { class: 'me-score' },
        game.last
          ? t.live('lastScore', { score: game.last.score, max: game.last.max })
          : t.live('notPlayed'),
      ),
    ),
  );

  const conversations = page.conversations.map((run) =>
    h(
      'li',
      { class: 'me-run' },
      h(
        'p',
        {},
        h('strong', {}, run.name),
        ' · ',
        t.live(run.finished ? 'runFinished' : 'runInProgress'),
      ),
      run.groups.length > 0
        ? h(
            'ul',
            { class: 'me-groups' },
            run.groups.map((g) => h('li', {}, `${g.name}: ${g.points}`)),
          )
        : null,
      h('p', { class: 'muted' }, t.live('totalPoints', { points: run.totalPoints })),
    ),
  );

  return [
    h(
      'div',
      { class: 'me-head' },
      h('h1', {}, page.name),
      page.botLink
        ? h(
            'a',
            {
              class: 'button primary',
              href: page.botLink,
              target: '_blank',
              rel: 'noopener noreferrer',
            },
            t.live('openBot'),
          )
        : null,
    ),
    h(
      'div',
      { class: 'me-sections' },
      section('nextLessons', 'noLessons', lessons),
      section('toPay', 'nothingToPay', due, total, howToPay(page, t, money)),
      statements(page, t, hashCode),
      section('myGames', 'noGames', games),
      section('marks', 'noMarks', marks),
      section('conversations', 'noConversations', conversations),
    ),
    h('p', { class: 'muted me-zone' }, t.live('timesIn', { zone })),
  ];
}
