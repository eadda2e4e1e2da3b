import type { Client } from '@school/contract/clients';
import { makeClient } from './clients';

/** The shared data every web component test starts from (test/server.ts serves it). */

/** A stored record of the fake API. */
export type Row = { id: number } & Record<string, unknown>;

/** The lookups the screens read (GET /api/{name}). */
export const LOOKUPS = {
  stages: [
    { id: 1, name: 'Lead', color: '#e11d48', order: 1 },
    { id: 2, name: 'Won', color: '#16a34a', order: 2 },
  ],
  users: [
    { id: 7, name: 'anna', firstName: 'Anna', lastName: 'Kowalska' },
    { id: 8, name: 'piotr', firstName: 'Piotr', lastName: 'Zieliński' },
  ],
  projects: [
    { id: 5, name: 'Adults' },
    { id: 6, name: 'Kids' },
  ],
  products: [
    { id: 3, name: 'Group course' },
    { id: 4, name: 'Private lessons' },
  ],
  sources: [
    { id: 11, name: 'Website' },
    { id: 12, name: 'Referral' },
  ],
  languages: [
    { id: 1, name: 'English' },
    { id: 2, name: 'Ukrainian' },
  ],
  categories: [
    { id: 1, name: 'VIP' },
    { id: 2, name: 'Regular' },
  ],
  timezones: [
    { id: 1, name: 'Europe/Kyiv' },
    { id: 2, name: 'Europe/Warsaw' },
  ],
  // docs/money.md, Attendance statuses: as seeded (migration 0024)
  attendancestatuses: [
    { id: 0, name: 'Not marked', key: 'attendance.notMarked', charge: true, payTeacher: true },
    { id: 1, name: 'Present', key: 'attendance.present', charge: true, payTeacher: true },
    { id: 2, name: 'Absent', key: 'attendance.absent', charge: true, payTeacher: true },
    { id: 3, name: 'Excused', key: 'attendance.excused', charge: false, payTeacher: false },
    { id: 4, name: 'Late cancel', key: 'attendance.lateCancel', charge: true, payTeacher: true },
    {
      id: 5,
      name: 'Cancelled by the school',
      key: 'attendance.cancelledBySchool',
      charge: false,
      payTeacher: false,
    },
  ],
} satisfies Record<string, Row[]>;

export const CLIENTS: Client[] = [
  makeClient({
    id: 1,
    firstName: 'Anna',
    lastName: 'Nowak',
    email: 'anna@example.com',
    tel: '+48 600 100 200',
    price: 1234.5,
    stage: 1,
    product: { id: 3, name: 'Group course' },
    responsibleId: 7,
    source: 11,
  }),
  makeClient({
    id: 2,
    firstName: 'Bohdan',
    lastName: 'Shevchenko',
    tel: '+380 44 555 0101',
    price: 800,
    stage: 2,
    product: { id: 4, name: 'Private lessons' },
    responsibleId: 8,
    project: 6,
  }),
  makeClient({ id: 3, firstName: 'Celina', lastName: 'Wiśniewska' }),
];

/** A generic resource of the list kit's tests (components/list/thingsFixture.tsx). */
export const THINGS = [
  { id: 1, name: 'Alpha', note: 'first, with "quotes"' },
  { id: 2, name: 'Beta', note: '=SUM(A1)' },
  { id: 3, name: 'Gamma', note: '' },
];
