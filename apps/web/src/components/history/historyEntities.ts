import { api } from '@school/contract/paths';
import { CYCLED_NO, CYCLED_YES } from '@school/contract/schedule';
import { SEEDED_ATTENDANCE } from '../attendance';
import type { FieldLabelKey } from '../form/fields';

/**
 * How a value of a record's field reads in its history (docs/history.md): words, names and
 * dates in the chosen language, never a raw id or `true`.
 */
export type ValueShow =
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'money' }
  /** a day YYYY-MM-DD */
  | { kind: 'date' }
  /** a time of day HH:MM (the database's HH:MM:SS read as HH:MM) */
  | { kind: 'time' }
  /** a moment (ISO), in the user's time zone */
  | { kind: 'dateTime' }
  /** a yes/no, each in words (`history.paid` / `history.notPaid`) */
  | { kind: 'flag'; yes: string; no: string }
  /** a code, each value its words; `other` for any value not listed */
  | { kind: 'choice'; labels: Readonly<Record<string, string>>; other?: string }
  /** an id of a lookup (docs/api.md, Lookups), shown by its name; `field` picks the naming rule */
  | { kind: 'lookup'; url: string; field?: string }
  /** an id of a record with no lookup, named by another field of the same record if it has one */
  | { kind: 'ref'; nameFrom: string }
  /** a secret: shown only as "changed" */
  | { kind: 'secret' };

export interface HistoryField {
  /** The label the record's form gives the field. */
  label: FieldLabelKey;
  show?: ValueShow;
}

/** One kind of record: its fields in the order its form shows them, and those never shown. */
export interface HistoryEntity {
  fields: Readonly<Record<string, HistoryField>>;
  /** Kept by the server alongside a change (time stamps...): not worth a line of their own. */
  hidden?: readonly string[];
}

const text = { kind: 'text' } as const;
const number = { kind: 'number' } as const;
const money = { kind: 'money' } as const;
const date = { kind: 'date' } as const;
const dateTime = { kind: 'dateTime' } as const;
const time = { kind: 'time' } as const;
const yesNo = { kind: 'flag', yes: 'history.yes', no: 'history.no' } as const;
const lookup = (url: string, field?: string): ValueShow =>
  field === undefined ? { kind: 'lookup', url } : { kind: 'lookup', url, field };

const users = lookup(api.lookup('users'), 'responsibleId');
const projects = lookup(api.lookup('projects'));
const groups = lookup(api.lookup('groups'));

const person = {
  firstName: { label: 'fields.firstName', show: text },
  lastName: { label: 'fields.lastName', show: text },
  email: { label: 'fields.email', show: text },
  tel: { label: 'fields.tel', show: text },
} as const satisfies Record<string, HistoryField>;

const clients: HistoryEntity = {
  fields: {
    ...person,
    price: { label: 'fields.price', show: money },
    probability: { label: 'fields.probability', show: number },
    stage: { label: 'fields.stage', show: lookup(api.lookup('stages')) },
    product: { label: 'fields.product', show: lookup(api.lookup('products')) },
    source: { label: 'fields.source', show: lookup(api.lookup('sources')) },
    responsibleId: { label: 'fields.responsible', show: users },
    dLastContact: { label: 'fields.dLastContact', show: date },
    project: { label: 'fields.project', show: projects },
    language: { label: 'fields.language', show: lookup(api.lookup('languages')) },
    category: { label: 'fields.category', show: lookup(api.lookup('categories')) },
    dateBirth: { label: 'fields.dateBirth', show: date },
    age: { label: 'fields.age', show: number },
    position: { label: 'fields.position', show: text },
    facebook: { label: 'fields.facebook', show: text },
    telegramUsername: { label: 'fields.telegramUsername', show: text },
    timezone: { label: 'fields.timezone', show: text },
    address: { label: 'fields.address', show: text },
    hashCode: { label: 'fields.hashCode', show: text },
    device: { label: 'fields.device', show: text },
    lastActivity: { label: 'fields.lastActivity', show: dateTime },
  },
  hidden: ['stageChangedAt'],
};

const students: HistoryEntity = {
  fields: {
    name: { label: 'fields.firstName', show: text },
    surname: { label: 'fields.surname', show: text },
    email: { label: 'fields.email', show: text },
    telegramUsername: { label: 'fields.telegramUsername', show: text },
    level: { label: 'fields.level', show: lookup(api.lookup('levels')) },
    groupe: { label: 'fields.groupe', show: groups },
    project: { label: 'fields.project', show: projects },
    responsibleId: { label: 'fields.responsible', show: users },
    facebook: { label: 'fields.facebook', show: text },
    timezone: { label: 'fields.timezone', show: text },
    location: { label: 'fields.location', show: text },
    ocupation: { label: 'fields.ocupation', show: text },
    schedule: { label: 'fields.schedule', show: text },
    hasBroadcast: { label: 'fields.hasBroadcast', show: yesNo },
    gMeetId: { label: 'fields.gMeetId', show: text },
    gdocument: { label: 'fields.gdocument', show: text },
    gDictionaryUa: { label: 'fields.gDictionaryUa', show: text },
    gDictionaryEng: { label: 'fields.gDictionaryEng', show: text },
    client: { label: 'fields.fromClient', show: number },
    hashCode: { label: 'fields.hashCode', show: text },
    paymentReference: { label: 'fields.paymentReference', show: text },
  },
};

const lessons: HistoryEntity = {
  fields: {
    date: { label: 'fields.date', show: date },
    start: { label: 'fields.start', show: time },
    end: { label: 'fields.end', show: time },
    price: { label: 'fields.pricePerHour', show: money },
    duration: { label: 'fields.duration', show: number },
    teacher: { label: 'fields.teacher', show: lookup(api.lookup('users'), 'teacher') },
    groupe: { label: 'fields.groupe', show: groups },
    isCycled: {
      label: 'fields.isCycled',
      show: {
        kind: 'choice',
        labels: { [CYCLED_YES]: 'history.yes', [CYCLED_NO]: 'history.no' },
      },
    },
    course: { label: 'fields.course', show: text },
    hasBroadcast: { label: 'fields.hasBroadcast', show: yesNo },
    comment: { label: 'fields.comment', show: text },
    resources: { label: 'fields.resources', show: text },
    homework: { label: 'fields.homework', show: text },
  },
  hidden: ['series', 'teacherName', 'slotDate', 'nextId', 'sequence'],
};

/** A participation (docs/schedule.md, Attendance and payment). */
const events: HistoryEntity = {
  fields: {
    student: {
      label: 'fields.student',
      show: { kind: 'ref', nameFrom: 'studentName' },
    },
    attendence: {
      label: 'fields.attendence',
      // the statuses by their seeded names (docs/money.md, Attendance statuses)
      show: {
        kind: 'choice',
        labels: Object.fromEntries(
          Object.entries(SEEDED_ATTENDANCE).map(([id, key]) => [id, `lookups.${key}`]),
        ),
      },
    },
    toPay: {
      label: 'fields.toPay',
      show: {
        kind: 'choice',
        labels: { 0: 'schedule.toPay.unset', 1: 'schedule.toPay.pays', 2: 'schedule.toPay.free' },
      },
    },
    isPaid: {
      label: 'fields.isPaid',
      show: { kind: 'flag', yes: 'history.paid', no: 'history.notPaid' },
    },
    notes: { label: 'fields.notes', show: text },
    homework: { label: 'fields.homework', show: text },
    date: { label: 'fields.date', show: date },
    start: { label: 'fields.start', show: time },
    end: { label: 'fields.end', show: time },
  },
  hidden: ['lesson', 'studentName', 'lessonCourse', 'amount'],
};

const studentdocuments: HistoryEntity = {
  fields: {
    name: { label: 'fields.name', show: text },
    number: { label: 'fields.number', show: text },
    dateFrom: { label: 'fields.dateFrom', show: date },
    dateTo: { label: 'fields.dateTo', show: date },
    carRegistrNum: { label: 'fields.carRegistrNum', show: text },
  },
  hidden: ['student'],
};

const ROLE_WORDS = {
  admin: 'users.roleAdmin',
  manager: 'users.roleManager',
  teacher: 'users.roleTeacher',
} as const;

const usersEntity: HistoryEntity = {
  fields: {
    login: { label: 'fields.login', show: text },
    password: { label: 'fields.password', show: { kind: 'secret' } },
    ...person,
    dateBirth: { label: 'fields.dateBirth', show: date },
    position: { label: 'fields.position', show: text },
    project: { label: 'fields.project', show: projects },
    language: { label: 'fields.language', show: lookup(api.lookup('languages')) },
    role: { label: 'fields.role', show: { kind: 'choice', labels: ROLE_WORDS } },
    disabled: { label: 'fields.disabledShort', show: yesNo },
    device: { label: 'fields.device', show: text },
    session: { label: 'fields.session', show: number },
    // a refused login's reason (docs/history.md): only the throttle's is recorded
    reason: {
      label: 'fields.reason',
      show: { kind: 'choice', labels: { throttled: 'history.reasonThrottled' } },
    },
  },
  hidden: ['isAdmin', 'icalToken', 'passwordHash'],
};

const named: HistoryEntity = {
  fields: {
    name: { label: 'fields.name', show: text },
    description: { label: 'fields.description', show: text },
  },
};
const dictionary: HistoryEntity = {
  fields: {
    name: { label: 'fields.name', show: text },
    color: { label: 'fields.color', show: text },
    order: { label: 'fields.order', show: number },
  },
  hidden: ['key'],
};

/** An attendance status (docs/money.md, Attendance statuses): its name and its two flags. */
const attendancestatuses: HistoryEntity = {
  fields: {
    name: { label: 'fields.name', show: text },
    charge: { label: 'fields.charge', show: yesNo },
    payTeacher: { label: 'fields.payTeacher', show: yesNo },
  },
  hidden: ['key'],
};

/** The school's details (Settings; ADR 040). */
const school: HistoryEntity = {
  fields: {
    name: { label: 'fields.name', show: text },
    address: { label: 'fields.address', show: text },
    taxId: { label: 'fields.taxId', show: text },
    iban: { label: 'fields.iban', show: text },
    currency: { label: 'fields.currency', show: text },
    vatExemption: { label: 'fields.vatExemption', show: text },
  },
};

/** A teacher's pay rate (docs/money.md, Teachers' pay): added or deleted, never changed. */
const payrates: HistoryEntity = {
  fields: {
    teacher: { label: 'fields.teacher', show: lookup(api.lookup('users'), 'teacher') },
    kind: {
      label: 'fields.payKind',
      show: {
        kind: 'choice',
        labels: {
          hour: 'history.pay.hour',
          lesson: 'history.pay.lesson',
          percent: 'history.pay.percent',
        },
      },
    },
    value: { label: 'fields.rate', show: number },
    from: { label: 'fields.from', show: date },
  },
};

/** A teacher's approved month, later marked paid. */
const payruns: HistoryEntity = {
  fields: {
    teacher: { label: 'fields.teacher', show: lookup(api.lookup('users'), 'teacher') },
    month: { label: 'fields.month', show: text },
    state: {
      label: 'fields.state',
      show: {
        kind: 'choice',
        labels: {
          approved: 'history.pay.approved',
          paid: 'history.pay.paid',
        },
      },
    },
    amount: { label: 'fields.amount', show: money },
    paidOn: { label: 'fields.date', show: date },
  },
  hidden: ['lessons', 'hours', 'corrections'],
};

/** Every kind of record the history describes field by field; the others read generically. */
export const HISTORY_ENTITIES: Readonly<Record<string, HistoryEntity>> = {
  clients,
  students,
  lessons,
  events,
  studentdocuments,
  users: usersEntity,
  groups: named,
  projects: named,
  stages: dictionary,
  products: dictionary,
  sources: dictionary,
  categories: dictionary,
  levels: dictionary,
  attendancestatuses,
  school,
  payrates,
  payruns,
};

/**
 * The history names a record's fields as its table's columns (docs/history.md): a reference
 * ends in Id (stageId) where the API and the forms say stage. Each column is read as the field
 * its form shows.
 */
export const COLUMN_FIELDS: Readonly<Record<string, string>> = {
  stageId: 'stage',
  productId: 'product',
  sourceId: 'source',
  projectId: 'project',
  languageId: 'language',
  categoryId: 'category',
  levelId: 'level',
  groupId: 'groupe',
  teacherId: 'teacher',
  studentId: 'student',
  lessonId: 'lesson',
  clientId: 'client',
  seriesId: 'series',
};

/** The field `name` (a column or an API name) stands for. */
export const fieldOf = (name: string): string => COLUMN_FIELDS[name] ?? name;

/** Never shown: the record's own id and the server's time stamps. */
export const ALWAYS_HIDDEN: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt']);
