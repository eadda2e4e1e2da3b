import { AUDIT_SECRET, AUDIT_UPGRADE, type AuditEntry } from '@school/contract/audit';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import {
  ALWAYS_HIDDEN,
  fieldOf,
  HISTORY_ENTITIES,
  type HistoryEntity,
  type HistoryField,
  type ValueShow,
} from './historyEntities';
import { moneySentence } from './moneyEntries';

/** What formatting an entry needs besides the entry: the language and the lookups' names. */
export interface HistoryContext {
  t: TFunction;
  locale: string;
  timeZone?: string | undefined;
  /** The name of `id` in the lookup at `url` by the naming rule of `field`; undefined if unknown. */
  lookupName: (url: string, field: string, id: number) => string | undefined;
}

/** One line of an entry: a field changed (before → after) or a field's value (created...). */
export interface HistoryLine {
  field: string;
  label: string;
  /** The whole line in words ("Stage: Lead → Won"). */
  text: string;
  before?: string;
  after?: string;
  value?: string;
}

export interface FormattedEntry {
  /** What was done, in words ("Changed", "Sign-in failed"). */
  action: string;
  /** Who did it (the user's name, or the system). */
  who: string;
  /** When, in the chosen language and the user's time zone. */
  when: string;
  lines: HistoryLine[];
  /** The lines in one text, for a list's cell and its CSV. */
  summary: string;
}

const NO_FIELDS: HistoryEntity = { fields: {} };
/** The record history of sign-in events describes the user they are about. */
const USER_ACTIONS: ReadonlySet<string> = new Set([
  'login',
  'logout',
  'login_failed',
  'password_change',
  'role_change',
  'session_revoke',
]);
/** The actions whose changes are the whole record: a line for each field that has a value. */
const WHOLE_RECORD: ReadonlySet<string> = new Set(['create', 'delete', 'restore']);

export function historyEntityOf(entry: Pick<AuditEntry, 'entity' | 'action'>): HistoryEntity {
  const own = HISTORY_ENTITIES[entry.entity];
  if (own) return own;
  return USER_ACTIONS.has(entry.action) ? (HISTORY_ENTITIES.users ?? NO_FIELDS) : NO_FIELDS;
}

const isPair = (value: unknown): value is [unknown, unknown] =>
  Array.isArray(value) && value.length === 2;

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const isTrue = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 'true';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An embedded record ({id, name}) as the API answers a client's product. */
function embedded(value: unknown): { id: unknown; name: unknown } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return 'id' in value ? (value as { id: unknown; name: unknown }) : null;
}

function idOf(value: unknown): number | null {
  const raw = embedded(value)?.id ?? value;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isFinite(id) ? id : null;
}

/** A value of a field no description covers, read by its type. */
function guessValue(value: unknown, ctx: HistoryContext): string {
  const { t, locale } = ctx;
  if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDate(value, locale);
    if (ISO_MOMENT.test(value)) return formatDateTime(value, locale, ctx.timeZone);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => guessValue(item, ctx)).join(', ');
  const ref = embedded(value);
  if (ref && typeof ref.name === 'string') return ref.name;
  return JSON.stringify(value);
}

/** A field's value in words (docs/history.md): names, not ids; words, not true/false. */
export function showValue(
  value: unknown,
  show: ValueShow | undefined,
  ctx: HistoryContext,
  record: Readonly<Record<string, unknown>> = {},
): string {
  const { t, locale } = ctx;
  if (value === AUDIT_SECRET || show?.kind === 'secret') return t('history.secretChanged');
  if (isBlank(value)) return t('history.emptyValue');
  if (!show) return guessValue(value, ctx);
  switch (show.kind) {
    case 'text':
      return typeof value === 'string' ? value : guessValue(value, ctx);
    case 'number':
      return typeof value === 'number' || typeof value === 'string'
        ? new Intl.NumberFormat(locale).format(Number(value))
        : guessValue(value, ctx);
    case 'money':
      return formatMoney(Number(value), locale) || guessValue(value, ctx);
    case 'date':
      return typeof value === 'string' ? formatDate(value.slice(0, 10), locale) : String(value);
    case 'time':
      return typeof value === 'string' ? value.slice(0, 5) : String(value);
    case 'dateTime':
      return typeof value === 'string'
        ? formatDateTime(value, locale, ctx.timeZone)
        : String(value);
    case 'flag':
      return t((isTrue(value) ? show.yes : show.no) as never);
    case 'choice': {
      const key = show.labels[String(value)] ?? show.other;
      return key === undefined ? String(value) : t(key as never);
    }
    case 'lookup': {
      const id = idOf(value);
      if (id === null) return guessValue(value, ctx);
      const name = ctx.lookupName(show.url, show.field ?? 'name', id);
      if (name !== undefined && name !== '') return name;
      // a reference answered as {id, name} names itself until its lookup arrives
      const answered = embedded(value)?.name;
      return typeof answered === 'string' ? answered : `#${id}`;
    }
    case 'ref': {
      const name = record[show.nameFrom];
      return typeof name === 'string' && name !== '' ? name : `#${String(value)}`;
    }
  }
}

/** How the record's form describes the field `name` (a column or an API name). */
const describe = (entity: HistoryEntity, name: string): HistoryField | undefined =>
  entity.fields[name] ?? entity.fields[fieldOf(name)];

function labelOf(entity: HistoryEntity, field: string, t: TFunction): string {
  const described = describe(entity, field);
  if (described) return t(described.label);
  // a reference column of a record not described (conversationId) by its field's label
  const base = fieldOf(field).replace(/(?<=.)Id$/, '');
  return t(`fields.${fieldOf(field)}` as never, {
    defaultValue: t(`fields.${base}` as never, { defaultValue: field }),
  });
}

/** The fields of `changes` in the order the record's form shows them, then any others. */
function orderedFields(entity: HistoryEntity, changes: Readonly<Record<string, unknown>>) {
  const hidden = new Set([...ALWAYS_HIDDEN, ...(entity.hidden ?? [])]);
  const order = Object.keys(entity.fields);
  const rank = (name: string) => {
    const at = order.indexOf(fieldOf(name));
    return at === -1 ? order.length : at;
  };
  return Object.keys(changes)
    .filter((name) => !hidden.has(name) && !hidden.has(fieldOf(name)))
    .map((name, index) => ({ name, index, rank: rank(name) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ name }) => name);
}

function changeLine(
  entity: HistoryEntity,
  field: string,
  [before, after]: [unknown, unknown],
  ctx: HistoryContext,
): HistoryLine {
  const label = labelOf(entity, field, ctx.t);
  const show = describe(entity, field)?.show;
  const was = showValue(before, show, ctx);
  const now = showValue(after, show, ctx);
  return {
    field,
    label,
    before: was,
    after: now,
    text: ctx.t('history.change', { label, before: was, after: now }),
  };
}

function valueLine(
  entity: HistoryEntity,
  field: string,
  value: unknown,
  ctx: HistoryContext,
  record: Readonly<Record<string, unknown>>,
): HistoryLine {
  const label = labelOf(entity, field, ctx.t);
  const shown = showValue(value, describe(entity, field)?.show, ctx, record);
  return { field, label, value: shown, text: ctx.t('history.value', { label, value: shown }) };
}

const count = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);

function importLines(changes: Readonly<Record<string, unknown>>, ctx: HistoryContext) {
  const { t } = ctx;
  const lines: HistoryLine[] = [];
  if (typeof changes.fileName === 'string' && changes.fileName !== '') {
    const label = t('history.file');
    lines.push({
      field: 'fileName',
      label,
      value: changes.fileName,
      text: t('history.value', { label, value: changes.fileName }),
    });
  }
  const counts = t('history.imported', {
    created: count(changes.created),
    updated: count(changes.updated),
    skipped: count(changes.skipped),
  });
  lines.push({ field: 'counts', label: '', value: counts, text: counts });
  return lines;
}

/** The lines of an entry: what changed, or what the record held (docs/history.md). */
export function historyLines(entry: AuditEntry, ctx: HistoryContext): HistoryLine[] {
  const { changes } = entry;
  if (entry.action === 'import') return importLines(changes, ctx);
  // a payment, a void, an adjustment or a correcting charge: one sentence (moneyEntries.ts)
  const sentence = moneySentence(entry, ctx);
  if (sentence !== null)
    return [{ field: entry.entity, label: '', value: sentence, text: sentence }];
  const entity = historyEntityOf(entry);
  // a role change may come as {before, after} rather than {role: [before, after]}
  if (entry.action === 'role_change' && !('role' in changes) && 'after' in changes) {
    return [changeLine(entity, 'role', [changes.before, changes.after], ctx)];
  }
  const whole = WHOLE_RECORD.has(entry.action);
  const lines: HistoryLine[] = [];
  for (const field of orderedFields(entity, changes)) {
    const value = changes[field];
    if (!whole && isPair(value)) {
      // a secret changed (a new bot link): only that it changed
      const secret = value[0] === AUDIT_SECRET && value[1] === AUDIT_SECRET;
      lines.push(
        secret
          ? valueLine(entity, field, AUDIT_SECRET, ctx, changes)
          : changeLine(entity, field, value, ctx),
      );
      continue;
    }
    // a new or deleted record: only what it held (a secret it holds says nothing there)
    if (whole && (isBlank(value) || value === false || value === AUDIT_SECRET)) continue;
    lines.push(valueLine(entity, field, value, ctx, changes));
  }
  return lines;
}

/** Who made an entry: a user by name, else the system, or the system's upgrade (docs/history.md). */
function whoOf(entry: AuditEntry, t: TFunction): string {
  if (entry.userId === null && entry.userName === AUDIT_UPGRADE) return t('history.upgrade');
  return entry.userName.trim() === '' ? t('history.system') : entry.userName;
}

/** An entry of the record history in words, in the chosen language. */
export function formatEntry(entry: AuditEntry, ctx: HistoryContext): FormattedEntry {
  const { t } = ctx;
  const lines = historyLines(entry, ctx);
  return {
    action: t(`history.action.${entry.action}`),
    who: whoOf(entry, t),
    when: formatDateTime(entry.at, ctx.locale, ctx.timeZone),
    lines,
    summary: lines.map((line) => line.text).join('; '),
  };
}

/** What kind of record an entry is about, in words ("Client"); an unknown kind by its name. */
export function entityLabel(entity: string, t: TFunction): string {
  return t(`history.entity.${entity}` as never, { defaultValue: entity });
}

/** The lookups whose names the entries' values need. */
export function lookupUrlsOf(entries: readonly AuditEntry[]): string[] {
  const urls = new Set<string>();
  for (const entry of entries) {
    const entity = historyEntityOf(entry);
    for (const field of Object.keys(entry.changes)) {
      const show = describe(entity, field)?.show;
      if (show?.kind === 'lookup') urls.add(show.url);
    }
  }
  return [...urls].sort();
}
