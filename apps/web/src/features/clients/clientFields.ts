import type { Client } from '@school/contract/clients';
import { api } from '@school/contract/paths';
import { toFormValues, type FieldSpec, type FormValues } from '../../components/form/fields';
import { SHARED_FIELDS } from '../../components/form/sharedFields';
import type { FilterSpec } from '../../components/list/FilterBar';

const field = {
  firstName: { name: 'firstName', label: 'fields.firstName' },
  lastName: { name: 'lastName', label: 'fields.lastName' },
  email: { name: 'email', label: 'fields.email', kind: 'email' },
  tel: { name: 'tel', label: 'fields.tel', kind: 'tel' },
  price: { name: 'price', label: 'fields.price', kind: 'decimal' },
  probability: { name: 'probability', label: 'fields.probability', kind: 'number' },
  dLastContact: { name: 'dLastContact', label: 'fields.dLastContact', kind: 'date' },
  // a new client starts in the pipeline's first stage (docs/clients.md, Stages)
  stage: {
    name: 'stage',
    label: 'fields.stage',
    kind: 'select',
    lookup: api.lookup('stages'),
    firstByDefault: true,
  },
  product: {
    name: 'product',
    label: 'fields.product',
    kind: 'select',
    lookup: api.lookup('products'),
  },
  source: { name: 'source', label: 'fields.source', kind: 'select', lookup: api.lookup('sources') },
  responsibleId: SHARED_FIELDS.responsibleId,
  project: SHARED_FIELDS.project,
  language: {
    name: 'language',
    label: 'fields.language',
    kind: 'select',
    lookup: api.lookup('languages'),
  },
  category: {
    name: 'category',
    label: 'fields.category',
    kind: 'select',
    lookup: api.lookup('categories'),
  },
  dateBirth: { name: 'dateBirth', label: 'fields.dateBirth', kind: 'date' },
  age: { name: 'age', label: 'fields.age', kind: 'number' },
  position: { name: 'position', label: 'fields.position' },
  facebook: { name: 'facebook', label: 'fields.facebook' },
  telegramUsername: { name: 'telegramUsername', label: 'fields.telegramUsername' },
  timezone: SHARED_FIELDS.timezone,
  address: { name: 'address', label: 'fields.address', wide: true },
} as const satisfies Record<string, FieldSpec>;

/** The create panel and the edit modal: what a salesperson fills in on a first call. */
export const QUICK_FIELDS: readonly FieldSpec[] = [
  field.firstName,
  field.lastName,
  field.email,
  field.tel,
  field.price,
  field.probability,
  field.stage,
  field.product,
  field.source,
  field.responsibleId,
  field.dLastContact,
];

/** The client's own screen: every field the staff may change (docs/data-model.md, Client). */
export const DETAIL_FIELDS: readonly FieldSpec[] = [
  ...QUICK_FIELDS,
  field.project,
  field.language,
  field.category,
  field.dateBirth,
  field.age,
  field.position,
  field.facebook,
  field.telegramUsername,
  field.timezone,
  field.address,
];

/** The form holds the product's id; the API answers the product as {id, name}. */
export function clientValues(fields: readonly FieldSpec[]) {
  return (row: Client): FormValues => toFormValues(fields, { ...row, product: row.product?.id });
}

/** The filters of the client list, sent as the API's query parameters. */
export const CLIENT_FILTERS: readonly FilterSpec[] = [
  { param: 'stage', label: 'fields.stage', lookup: api.lookup('stages') },
  { param: 'responsibleId', label: 'fields.responsible', lookup: api.lookup('users') },
  { param: 'project', label: 'fields.project', lookup: api.lookup('projects') },
  { param: 'product', label: 'fields.product', lookup: api.lookup('products') },
  { param: 'source', label: 'fields.source', lookup: api.lookup('sources') },
];
