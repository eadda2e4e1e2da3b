import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_UPGRADE,
  type AuditEntry,
} from '@school/contract/audit';
import { api } from '@school/contract/paths';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { setupI18n } from '../../test/utils';
import { entityLabel, formatEntry, lookupUrlsOf, type HistoryContext } from './formatEntry';

const NAMES: Record<string, Record<number, string>> = {
  [api.lookup('stages')]: { 1: 'Lead', 3: 'Won' },
  [api.lookup('products')]: { 4: 'Group course' },
  [api.lookup('users')]: { 7: 'Ewa Nowak' },
};

function ctx(locale: string): HistoryContext {
  return {
    t: i18next.getFixedT(locale),
    locale,
    timeZone: 'UTC',
    lookupName: (url, _field, id) => NAMES[url]?.[id],
  };
}

let nextId = 1;
function entry(fields: Partial<AuditEntry>): AuditEntry {
  return {
    id: nextId++,
    at: '2026-11-26T13:05:00.000Z',
    userId: 1,
    userName: 'Anna Kowalska',
    action: 'update',
    entity: 'clients',
    entityId: 5,
    changes: {},
    requestId: null,
    ...fields,
  };
}

const texts = (e: AuditEntry, locale: string) =>
  formatEntry(e, ctx(locale)).lines.map((l) => l.text);

beforeAll(async () => {
  await setupI18n();
  // every language's texts, each read through its own t below
  await changeLanguage('pl');
  await changeLanguage('uk');
  await changeLanguage('en');
});
afterAll(() => changeLanguage('en'));

describe('a history entry in words', () => {
  it('an update: only the changed fields, with the forms’ labels and the lookups’ names', () => {
    const update = entry({
      changes: { stage: [1, 3], price: [100, 150.5], responsibleId: [null, 7] },
    });
    expect(texts(update, 'en')).toEqual([
      'Price: 100.00 zł → 150.50 zł',
      'Stage: Lead → Won',
      'Responsible: empty → Ewa Nowak',
    ]);
    expect(texts(update, 'pl')).toEqual([
      'Cena: 100,00 zł → 150,50 zł',
      'Etap: Lead → Won',
      'Odpowiedzialny: puste → Ewa Nowak',
    ]);
    expect(texts(update, 'uk')[1]).toBe('Етап: Lead → Won');
    const formatted = formatEntry(update, ctx('en'));
    expect(formatted.action).toBe('Changed');
    expect(formatted.who).toBe('Anna Kowalska');
    expect(formatted.when).toBe('Nov 26, 2026, 1:05 PM');
    expect(formatEntry(update, ctx('pl')).action).toBe('Zmieniono');
    expect(formatEntry(update, ctx('uk')).action).toBe('Змінено');
    expect(formatEntry(update, ctx('pl')).when).toBe('26 lis 2026, 13:05');
    expect(lookupUrlsOf([update])).toEqual([api.lookup('stages'), api.lookup('users')]);
  });

  it('reads the table’s column names (stageId) as the form’s fields, times as HH:MM', () => {
    const update = entry({
      changes: { stageId: [1, 3], productId: [null, 4], price: ['1000.00', '1250.50'] },
    });
    expect(texts(update, 'en')).toEqual([
      'Price: 1,000.00 zł → 1,250.50 zł',
      'Stage: Lead → Won',
      'Product: empty → Group course',
    ]);
    expect(texts(update, 'pl')[1]).toBe('Etap: Lead → Won');
    expect(lookupUrlsOf([update])).toEqual([api.lookup('products'), api.lookup('stages')]);
    const lesson = entry({
      entity: 'lessons',
      changes: { start: ['10:00:00', '11:30:00'], teacherId: [null, 7], groupId: [null, null] },
    });
    expect(texts(lesson, 'en')).toEqual([
      'Start: 10:00 → 11:30',
      'Teacher: empty → Ewa Nowak',
      'Group: empty → empty',
    ]);
  });

  it('a reference answered as {id, name} is named by its lookup, else by its own name', () => {
    const update = entry({
      changes: {
        product: [null, { id: 4, name: 'old name' }],
        source: [null, { id: 9, name: 'Ads' }],
      },
    });
    expect(texts(update, 'en')).toEqual(['Product: empty → Group course', 'Source: empty → Ads']);
  });

  it('a participation: paid and attendance in words, not true/false or codes', () => {
    const update = entry({
      entity: 'events',
      changes: { isPaid: [false, true], attendence: [0, 1], toPay: [0, 2] },
    });
    expect(texts(update, 'en')).toEqual([
      'Attendance: Not marked → Present',
      'Pays: Not set → Does not pay',
      'Paid: not paid → paid',
    ]);
    expect(texts(update, 'pl')).toEqual([
      'Obecność: Nieoznaczone → Obecny',
      'Płaci: Nie ustalono → Nie płaci',
      'Zapłacone: niezapłacone → zapłacone',
    ]);
    expect(texts(update, 'uk')[2]).toBe('Оплачено: не оплачено → оплачено');
  });

  it('a lesson’s dates in the language’s format', () => {
    const update = entry({
      entity: 'lessons',
      changes: { date: ['2026-11-20', '2026-11-27'], isCycled: [2, 1] },
    });
    expect(texts(update, 'en')).toEqual(['Date: Nov 20, 2026 → Nov 27, 2026', 'Weekly: no → yes']);
    expect(texts(update, 'pl')[0]).toBe('Data: 20 lis 2026 → 27 lis 2026');
    expect(texts(update, 'uk')[0]).toBe('Дата: 20 лист. 2026 р. → 27 лист. 2026 р.');
  });

  it('a create: what the new record holds, without ids, time stamps or empty fields', () => {
    const create = entry({
      action: 'create',
      changes: {
        id: 5,
        firstName: 'Olena',
        lastName: '',
        stage: 1,
        price: null,
        hashCode: '(changed)',
        createdAt: '2026-11-26T13:05:00.000Z',
      },
    });
    expect(texts(create, 'en')).toEqual(['First name: Olena', 'Stage: Lead']);
    expect(texts(create, 'uk')).toEqual(['Ім’я: Olena', 'Етап: Lead']);
    expect(formatEntry(create, ctx('en')).action).toBe('Created');
    expect(formatEntry(create, ctx('pl')).action).toBe('Utworzono');
  });

  it('a delete: what the record held, booleans in words', () => {
    const remove = entry({
      action: 'delete',
      entity: 'students',
      changes: { id: 3, name: 'Olek', surname: 'Lis', hasBroadcast: true },
    });
    expect(texts(remove, 'en')).toEqual([
      'First name: Olek',
      'Surname: Lis',
      'Receives broadcasts: yes',
    ]);
    expect(texts(remove, 'pl')[2]).toBe('Otrzymuje komunikaty: tak');
    expect(formatEntry(remove, ctx('en')).action).toBe('Deleted');
    expect(formatEntry(remove, ctx('uk')).action).toBe('Видалено');
  });

  it('an import: the file and what it did', () => {
    const imported = entry({
      action: 'import',
      entityId: null,
      changes: { fileName: 'clients.csv', created: 3, updated: 2, skipped: 1 },
    });
    const en = formatEntry(imported, ctx('en'));
    expect(en.action).toBe('Imported from CSV');
    expect(en.summary).toBe('File: clients.csv; created: 3, updated: 2, skipped: 1');
    expect(formatEntry(imported, ctx('pl')).summary).toBe(
      'Plik: clients.csv; utworzono: 3, zaktualizowano: 2, pominięto: 1',
    );
    expect(formatEntry(imported, ctx('uk')).summary).toBe(
      'Файл: clients.csv; створено: 3, оновлено: 2, пропущено: 1',
    );
    const unnamed = entry({ action: 'import', changes: { created: 1, updated: 0, skipped: 0 } });
    expect(texts(unnamed, 'en')).toEqual(['created: 1, updated: 0, skipped: 0']);
  });

  it('a role change: the roles in words', () => {
    const change = entry({
      action: 'role_change',
      entity: 'users',
      changes: { role: ['teacher', 'manager'] },
    });
    expect(formatEntry(change, ctx('en')).action).toBe('Role changed');
    expect(texts(change, 'en')).toEqual(['Role: teacher → manager']);
    expect(texts(change, 'pl')).toEqual(['Rola: nauczyciel → menedżer']);
    expect(texts(change, 'uk')).toEqual(['Роль: викладач → менеджер']);
    // the same told as {before, after}
    const told = entry({
      action: 'role_change',
      entity: 'users',
      changes: { before: 'admin', after: 'teacher' },
    });
    expect(texts(told, 'en')).toEqual(['Role: admin → teacher']);
  });

  it('a failed sign-in: the login tried, by nobody signed in', () => {
    const failed = entry({
      action: 'login_failed',
      entity: 'users',
      entityId: null,
      userId: null,
      userName: '',
      changes: { login: 'ghost' },
    });
    const en = formatEntry(failed, ctx('en'));
    expect([en.action, en.who, en.summary]).toEqual(['Sign-in failed', 'System', 'Login: ghost']);
    const pl = formatEntry(failed, ctx('pl'));
    expect([pl.action, pl.summary]).toEqual(['Nieudane logowanie', 'Login: ghost']);
    const uk = formatEntry(failed, ctx('uk'));
    expect([uk.action, uk.summary]).toEqual(['Невдалий вхід', 'Логін: ghost']);
  });

  it('a change an upgrade made: by the system, in words', () => {
    const moved = entry({ userId: null, userName: AUDIT_UPGRADE, changes: { stageId: [null, 1] } });
    const who = ['en', 'pl', 'uk'].map((locale) => formatEntry(moved, ctx(locale)).who);
    expect(who).toEqual(['System (upgrade)', 'System (aktualizacja)', 'Система (оновлення)']);
    expect(texts(moved, 'en')).toEqual(['Stage: empty → Lead']);
  });

  it('a sign-in the throttle refused: the login tried and why, in words', () => {
    const throttled = entry({
      action: 'login_failed',
      entity: 'users',
      userId: null,
      userName: '',
      changes: { login: 'anna', reason: 'throttled' },
    });
    expect(texts(throttled, 'en')).toEqual(['Login: anna', 'Reason: too many failed attempts']);
    expect(texts(throttled, 'pl')).toEqual(['Login: anna', 'Powód: zbyt wiele nieudanych prób']);
    expect(texts(throttled, 'uk')).toEqual(['Логін: anna', 'Причина: забагато невдалих спроб']);
  });

  it('a secret shows only that it changed; an unknown field by its type', () => {
    const change = entry({
      action: 'password_change',
      entity: 'users',
      changes: { password: '(changed)', endOtherSessions: true },
    });
    expect(texts(change, 'en')).toEqual(['Password: changed', 'End my other sessions: yes']);
    const renewed = entry({
      entity: 'students',
      changes: { hashCode: ['(changed)', '(changed)'] },
    });
    expect(texts(renewed, 'en')).toEqual(['Hash code: changed']);
    expect(texts(renewed, 'uk')).toEqual(['Хеш-код: змінено']);
    const other = entry({ entity: 'conversations', changes: { mystery: [1, 2] } });
    expect(texts(other, 'en')).toEqual(['mystery: 1 → 2']);
    const answer = entry({
      entity: 'answers',
      changes: { text: ['Hi', 'Hello'], nextId: [null, 4], answerTypeId: [1, 2] },
    });
    expect(texts(answer, 'en')).toEqual([
      'Text: Hi → Hello',
      'Next answer: empty → 4',
      'Answer type: 1 → 2',
    ]);
  });

  it('has words for every action and kind of record, in every language', () => {
    for (const lng of ['en', 'pl', 'uk']) {
      for (const action of AUDIT_ACTIONS) {
        expect(i18next.exists(`history.action.${action}`, { lng }), `${lng} ${action}`).toBe(true);
      }
      for (const entity of AUDIT_ENTITIES) {
        expect(i18next.exists(`history.entity.${entity}`, { lng }), `${lng} ${entity}`).toBe(true);
      }
    }
  });

  it('names the kinds of record in each language', () => {
    expect(entityLabel('clients', i18next.getFixedT('en'))).toBe('Client');
    expect(entityLabel('lessons', i18next.getFixedT('pl'))).toBe('Lekcja');
    expect(entityLabel('students', i18next.getFixedT('uk'))).toBe('Учень');
    expect(entityLabel('somethingelse', i18next.getFixedT('en'))).toBe('somethingelse');
  });
});

describe("the money's entries in words (docs/history.md)", () => {
  const payment = entry({
    action: 'create',
    entity: 'payments',
    entityId: 31,
    changes: {
      id: 31,
      studentId: 12,
      studentName: 'Anna Kowalska',
      amount: 120,
      date: '2026-11-20',
      method: 'transfer',
      reference: '',
      note: '',
      events: [],
      voided: false,
    },
  });
  const voided = entry({
    entity: 'payments',
    entityId: 31,
    changes: {
      voided: [false, true],
      voidReason: ['', 'bounced'],
      student: 12,
      studentName: 'Anna Kowalska',
      amount: 120,
    },
  });
  const adjustment = entry({
    action: 'create',
    entity: 'adjustments',
    entityId: 4,
    changes: { student: 12, studentName: 'Anna Kowalska', amount: -20, reason: 'goodwill' },
  });
  const correction = entry({
    action: 'create',
    entity: 'ledger',
    entityId: 77,
    changes: {
      student: 12,
      studentName: 'Anna Kowalska',
      kind: 'charge',
      correction: true,
      amount: 30,
      lessonDate: '2026-11-03',
      course: 'English B1',
      note: 'correction: English B1 2026-11-03',
    },
  });

  it('a payment, its void, an adjustment and a correcting charge, each one sentence', () => {
    expect(texts(payment, 'en')).toEqual([
      'Payment 120.00 zł by transfer recorded for Anna Kowalska',
    ]);
    expect(texts(voided, 'en')).toEqual(['Payment 120.00 zł of Anna Kowalska voided: bounced']);
    expect(texts(adjustment, 'en')).toEqual(['Adjustment −20.00 zł for Anna Kowalska: goodwill']);
    expect(texts(correction, 'en')).toEqual([
      'Charge corrected by +30.00 zł for Anna Kowalska: English B1, lesson of Nov 3, 2026',
    ]);
    expect(formatEntry(adjustment, ctx('en')).summary).toBe(
      'Adjustment −20.00 zł for Anna Kowalska: goodwill',
    );
  });

  it('in Polish and Ukrainian, amounts as the lists show them', () => {
    expect(texts(payment, 'pl')).toEqual([
      'Płatność 120,00 zł przelewem zarejestrowana (Anna Kowalska)',
    ]);
    expect(texts(voided, 'pl')).toEqual(['Płatność 120,00 zł (Anna Kowalska) anulowana: bounced']);
    expect(texts(adjustment, 'pl')).toEqual(['Korekta salda −20,00 zł (Anna Kowalska): goodwill']);
    expect(texts(payment, 'uk')).toEqual([
      'Платіж 120,00 zł переказом зареєстровано (Anna Kowalska)',
    ]);
    expect(texts(voided, 'uk')).toEqual(['Платіж 120,00 zł (Anna Kowalska) анульовано: bounced']);
    expect(texts(adjustment, 'uk')).toEqual([
      'Коригування балансу −20,00 zł (Anna Kowalska): goodwill',
    ]);
    expect(texts(correction, 'uk')[0]).toMatch(
      /^Нарахування виправлено на \+30,00 zł \(Anna Kowalska\): English B1, урок /,
    );
  });

  it('a tick, an untick, a reference, and an entry written before names were kept', () => {
    const ticked = entry({
      action: 'create',
      entity: 'payments',
      changes: { student: 12, amount: 60, method: 'other', reference: 'marked paid', events: [5] },
    });
    expect(texts(ticked, 'en')).toEqual([
      'Payment 60.00 zł recorded for student #12 by ticking a lesson paid',
    ]);
    const unticked = entry({
      entity: 'payments',
      changes: {
        voided: [false, true],
        voidReason: ['', 'unmarked paid'],
        student: 12,
        studentName: 'Anna Kowalska',
        amount: 60,
      },
    });
    expect(texts(unticked, 'pl')).toEqual([
      'Płatność 60,00 zł (Anna Kowalska) anulowana: odznaczono opłacenie lekcji',
    ]);
    // a void recorded with its change only
    const bare = entry({
      entity: 'payments',
      changes: { voided: [false, true], voidReason: ['', 'bounced'] },
    });
    expect(texts(bare, 'en')).toEqual(['Payment voided: bounced']);
    const referenced = entry({
      action: 'create',
      entity: 'payments',
      changes: {
        studentId: 3,
        studentName: 'Ivan Lys',
        amount: 30,
        method: 'cash',
        reference: 'INV-30',
        note: 'at the desk',
      },
    });
    expect(texts(referenced, 'en')).toEqual([
      'Payment 30.00 zł in cash recorded for Ivan Lys; reference INV-30; at the desk',
    ]);
  });

  it("an attendance status's change reads field by field", () => {
    const status = entry({
      entity: 'attendancestatuses',
      entityId: 3,
      changes: {
        name: ['Excused', 'Excused in time'],
        charge: [false, true],
        key: ['excused', null],
      },
    });
    expect(texts(status, 'en')).toEqual([
      'Name: Excused → Excused in time',
      'Charges the student: no → yes',
    ]);
    expect(texts(status, 'uk')[1]).toBe('Нараховує плату учню: ні → так');
  });
});
