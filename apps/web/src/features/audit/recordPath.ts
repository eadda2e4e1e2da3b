import type { AuditEntry } from '@school/contract/audit';
import { EDITABLE_DICTIONARIES } from '@school/contract/paths';

/** A reference the changes hold, by its column name (lessonId) or its API name (lesson). */
const numberIn = (changes: Readonly<Record<string, unknown>>, field: string) => {
  const value = changes[`${field}Id`] ?? changes[field];
  const now = Array.isArray(value) ? value[1] : value;
  return typeof now === 'number' ? now : null;
};

const DICTIONARIES: ReadonlySet<string> = new Set(EDITABLE_DICTIONARIES);

/**
 * The screen an entry's record lives on (docs/screens.md, Audit), or null where there is none:
 * a record's own screen, the lesson's dialog in the schedule, or the list that holds the record.
 * A deleted record has no screen any more.
 */
export function recordPath(entry: AuditEntry): string | null {
  const { entity, entityId: id, changes } = entry;
  if (entity === 'users') return '/users';
  if (entity === 'projects' || entity === 'groups') return `/${entity}`;
  if (DICTIONARIES.has(entity) || entity === 'school') return '/settings';
  // a statement's import and its transfers: the review list, or the student paid
  if (entity === 'bankrows') {
    const student = numberIn(changes, 'student');
    return student === null ? '/payments/unmatched' : `/students/${student}`;
  }
  if (id === null || entry.action === 'delete') return null;
  switch (entity) {
    case 'clients':
    case 'students':
    case 'conversations':
      return `/${entity}/${id}`;
    case 'lessons':
      return `/schedule?lesson=${id}`;
    case 'events': {
      const lesson = numberIn(changes, 'lesson');
      return lesson === null ? null : `/schedule?lesson=${lesson}`;
    }
    case 'studentdocuments': {
      const student = numberIn(changes, 'student');
      return student === null ? null : `/cardocuments/bycar/${student}`;
    }
    case 'payments':
    case 'adjustments':
    case 'ledger':
    case 'invoices': {
      // the student's page, whose Account holds it (docs/money.md)
      const student = numberIn(changes, 'student');
      return student === null ? null : `/students/${student}`;
    }
    case 'sets':
      return `/setcards/${id}`;
    case 'conversationprogress':
      return `/messages/byconvprogress/${id}`;
    default:
      return null;
  }
}
