import { api } from '@school/contract/paths';
import type { FieldSpec } from '../../components/form/fields';

/** A user's own details: the Users screen's forms and the profile's. */
export const PROFILE_FIELDS: readonly FieldSpec[] = [
  { name: 'login', label: 'fields.login' },
  { name: 'password', label: 'fields.password', kind: 'newPassword' },
  { name: 'firstName', label: 'fields.firstName' },
  { name: 'lastName', label: 'fields.lastName' },
  { name: 'email', label: 'fields.email', kind: 'email' },
  { name: 'tel', label: 'fields.tel', kind: 'tel' },
  { name: 'dateBirth', label: 'fields.dateBirth', kind: 'date' },
  { name: 'position', label: 'fields.position' },
  { name: 'project', label: 'fields.project', kind: 'select', lookup: api.lookup('projects') },
  { name: 'language', label: 'fields.language', kind: 'select', lookup: api.lookup('languages') },
];
