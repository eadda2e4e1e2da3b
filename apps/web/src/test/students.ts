import type { Student } from '@school/contract/students';

/** A student as the API answers it (Olena Koval, id 12), with the fields the test gives. */
export function makeStudent(fields: Partial<Student> = {}): Student {
  return {
    version: 1,
    id: 12,
    name: 'Olena',
    surname: 'Koval',
    email: '',
    gMeetId: '',
    gdocument: '',
    gDictionaryUa: '',
    gDictionaryEng: '',
    telegramUsername: '',
    facebook: '',
    schedule: '',
    ocupation: '',
    location: '',
    responsibleId: null,
    project: null,
    level: null,
    groupe: null,
    timezone: '',
    hasBroadcast: false,
    hashCode: 'AlqmJIDA1u7LpHZQ4W_j1A',
    deepLink: null,
    pageLink: '/play/me?s=AlqmJIDA1u7LpHZQ4W_j1A',
    client: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}
