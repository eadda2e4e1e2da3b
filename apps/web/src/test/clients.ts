import type { Client } from '@school/contract/clients';

/** A client as the API answers it, every field empty but those the test gives. */
export function makeClient(fields: Partial<Client> & Pick<Client, 'id'>): Client {
  return {
    version: 1,
    firstName: `First${fields.id}`,
    lastName: `Last${fields.id}`,
    email: '',
    tel: '',
    price: null,
    dLastContact: null,
    probability: null,
    responsibleId: null,
    project: null,
    stage: null,
    language: null,
    category: null,
    product: null,
    source: null,
    hashCode: `hash${fields.id}`,
    dateBirth: null,
    position: '',
    address: '',
    age: null,
    facebook: '',
    telegramUsername: '',
    timezone: '',
    lastActivity: null,
    device: '',
    stageChangedAt: '2025-03-01T10:00:00.000Z',
    createdAt: '2025-02-01T09:30:00.000Z',
    ...fields,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS - 60_000).toISOString();
}

/** A client on the pipeline board: in a stage since yesterday, created ten days ago unless told. */
export function makeBoardClient(fields: Partial<Client> & Pick<Client, 'id' | 'stage'>): Client {
  return makeClient({ stageChangedAt: daysAgo(1), createdAt: daysAgo(10), ...fields });
}
