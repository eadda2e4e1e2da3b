import { api } from '@school/contract/paths';
import type { FieldSpec } from './fields';

/** Fields several records have alike (a client, a student...): declared once. */
export const SHARED_FIELDS = {
  responsibleId: {
    name: 'responsibleId',
    label: 'fields.responsible',
    kind: 'select',
    lookup: api.lookup('users'),
  },
  project: {
    name: 'project',
    label: 'fields.project',
    kind: 'select',
    lookup: api.lookup('projects'),
  },
  timezone: {
    name: 'timezone',
    label: 'fields.timezone',
    kind: 'select',
    lookup: api.lookup('timezones'),
    // the record keeps the IANA name itself (contract: timezone text), not a lookup id
    optionValue: 'name',
  },
} as const satisfies Record<string, FieldSpec>;
