import { api } from '@school/contract/paths';
import { CYCLED_YES, type Lesson } from '@school/contract/schedule';
import type { FieldSpec, FormValues } from '../../components/form/fields';

const LESSON_FIELDS = {
  date: { name: 'date', label: 'fields.date', kind: 'date' },
  start: { name: 'start', label: 'fields.start', kind: 'time' },
  end: { name: 'end', label: 'fields.end', kind: 'time' },
  price: { name: 'price', label: 'fields.pricePerHour', kind: 'decimal' },
  duration: { name: 'duration', label: 'fields.duration', kind: 'decimal' },
  teacher: {
    name: 'teacher',
    label: 'fields.teacher',
    kind: 'select',
    lookup: api.lookup('users'),
  },
  groupe: { name: 'groupe', label: 'fields.groupe', kind: 'select', lookup: api.lookup('groups') },
  isCycled: {
    name: 'isCycled',
    label: 'fields.isCycled',
    kind: 'select',
    lookup: api.lookup('booleans'),
    required: true,
  },
  course: { name: 'course', label: 'fields.course' },
  hasBroadcast: { name: 'hasBroadcast', label: 'fields.hasBroadcast', kind: 'checkbox' },
  comment: { name: 'comment', label: 'fields.comment', kind: 'textarea' },
  resources: { name: 'resources', label: 'fields.resources', kind: 'textarea' },
  homework: { name: 'homework', label: 'fields.homework', kind: 'textarea' },
} as const satisfies Record<string, FieldSpec>;

const { date, start, end, price, duration, teacher, groupe, isCycled, course, hasBroadcast } =
  LESSON_FIELDS;
const TEXTS = [LESSON_FIELDS.comment, LESSON_FIELDS.resources, LESSON_FIELDS.homework];
/** The fields after the date in every lesson form: when, how long, at what price, with whom. */
const PLAN = [start, end, price, duration, teacher, groupe] as const;
/** The fields after the plan (and after isCycled where the form has it). */
const EXTRAS = [course, hasBroadcast] as const;

/** The create panel of the week view: a single lesson or, with isCycled yes, a weekly series. */
export const CREATE_FIELDS: readonly FieldSpec[] = [date, ...PLAN, isCycled, ...EXTRAS];

/**
 * The create panel of the cycled view: the date is one of the template's weekdays (the series
 * starts on the next such day) and isCycled is fixed to yes (docs/schedule.md).
 */
export function cycledCreateFields(days: readonly { value: string; label: string }[]) {
  return [
    { ...date, kind: 'select', options: days },
    ...PLAN,
    ...EXTRAS,
  ] satisfies readonly FieldSpec[];
}

/** The lesson modal's form: every field; isCycled is decided when the lesson is made. */
export const EDIT_FIELDS: readonly FieldSpec[] = [date, ...PLAN, ...EXTRAS, ...TEXTS];

/**
 * A form without the teacher: for a user whose lessons are their own (a teacher, docs/roles.md),
 * the server makes them the teacher of a new lesson and refuses another one.
 */
export const withoutTeacher = (fields: readonly FieldSpec[]): readonly FieldSpec[] =>
  fields.filter((field) => field.name !== 'teacher');

export const createDefaults = (fields: readonly FieldSpec[], cycled: boolean): FormValues => {
  const values: FormValues = {};
  for (const field of fields) values[field.name] = field.kind === 'checkbox' ? false : '';
  if (cycled) values.isCycled = String(CYCLED_YES);
  return values;
};

/** A lesson as the modal's form shows it. */
export function lessonValues(lesson: Lesson): FormValues {
  return {
    date: lesson.date,
    start: lesson.start,
    end: lesson.end,
    price: lesson.price === null ? '' : String(lesson.price),
    duration: String(lesson.duration),
    teacher: lesson.teacher === null ? '' : String(lesson.teacher),
    groupe: lesson.groupe === null ? '' : String(lesson.groupe),
    course: lesson.course,
    hasBroadcast: lesson.hasBroadcast,
    comment: lesson.comment,
    resources: lesson.resources,
    homework: lesson.homework,
  };
}

/** The lesson modal's form for a user whose lessons are their own: no teacher to choose. */
export const OWN_EDIT_FIELDS = withoutTeacher(EDIT_FIELDS);
