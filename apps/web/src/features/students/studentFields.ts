import { api } from '@school/contract/paths';
import type { FieldSpec } from '../../components/form/fields';
import { SHARED_FIELDS } from '../../components/form/sharedFields';
import type { FilterSpec } from '../../components/list/FilterBar';

const field = {
  // a person's first name, as on a client's and a user's forms (docs/interface.md, A person's name)
  name: { name: 'name', label: 'fields.firstName' },
  surname: { name: 'surname', label: 'fields.surname' },
  email: { name: 'email', label: 'fields.email', kind: 'email' },
  telegramUsername: { name: 'telegramUsername', label: 'fields.telegramUsername' },
  facebook: { name: 'facebook', label: 'fields.facebook' },
  level: { name: 'level', label: 'fields.level', kind: 'select', lookup: api.lookup('levels') },
  groupe: { name: 'groupe', label: 'fields.groupe', kind: 'select', lookup: api.lookup('groups') },
  project: SHARED_FIELDS.project,
  responsibleId: SHARED_FIELDS.responsibleId,
  timezone: SHARED_FIELDS.timezone,
  location: { name: 'location', label: 'fields.location' },
  ocupation: { name: 'ocupation', label: 'fields.ocupation' },
  schedule: { name: 'schedule', label: 'fields.schedule' },
  hasBroadcast: { name: 'hasBroadcast', label: 'fields.hasBroadcast', kind: 'checkbox' },
  gMeetId: { name: 'gMeetId', label: 'fields.gMeetId', wide: true },
  gdocument: { name: 'gdocument', label: 'fields.gdocument', wide: true },
  gDictionaryUa: { name: 'gDictionaryUa', label: 'fields.gDictionaryUa', wide: true },
  gDictionaryEng: { name: 'gDictionaryEng', label: 'fields.gDictionaryEng', wide: true },
} as const satisfies Record<string, FieldSpec>;

/** The create panel and the edit modal: who the student is and where they study. */
export const QUICK_FIELDS: readonly FieldSpec[] = [
  field.name,
  field.surname,
  field.email,
  field.telegramUsername,
  field.level,
  field.groupe,
  field.project,
  field.responsibleId,
];

/** The student's own screen: every field of Student (docs/data-model.md). */
export const DETAIL_FIELDS: readonly FieldSpec[] = [
  ...QUICK_FIELDS,
  field.facebook,
  field.timezone,
  field.location,
  field.ocupation,
  field.schedule,
  field.hasBroadcast,
  field.gMeetId,
  field.gdocument,
  field.gDictionaryUa,
  field.gDictionaryEng,
];

/** The fields whose value is usually a link, opened from the student's page. */
export const LINK_FIELDS = ['gMeetId', 'gdocument', 'gDictionaryUa', 'gDictionaryEng'] as const;

export const STUDENT_FILTERS: readonly FilterSpec[] = [
  { param: 'project', label: 'fields.project', lookup: api.lookup('projects') },
  { param: 'level', label: 'fields.level', lookup: api.lookup('levels') },
  { param: 'groupe', label: 'fields.groupe', lookup: api.lookup('groups') },
  { param: 'responsibleId', label: 'fields.responsible', lookup: api.lookup('users') },
  { param: 'documentsExpiring', label: 'fields.documentsExpiring', flag: true },
];

export const DOCUMENT_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'fields.name' },
  { name: 'number', label: 'fields.number' },
  { name: 'dateFrom', label: 'fields.dateFrom', kind: 'date' },
  { name: 'dateTo', label: 'fields.dateTo', kind: 'date' },
  { name: 'carRegistrNum', label: 'fields.carRegistrNum' },
];
