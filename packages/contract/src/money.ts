import { z } from 'zod';
import { requiredText, updateOf } from './common.js';

/**
 * Attendance status (docs/money.md, Attendance statuses): the values of a participation's
 * `attendence`, fixed ids 0 to 5; `charge` says whether the student is charged for the lesson,
 * `payTeacher` whether the teacher is paid for it.
 */
export const ATTENDANCE_STATUS_IDS = [0, 1, 2, 3, 4, 5] as const;
export const ATTENDANCE_NOT_MARKED = 0;
export const ATTENDANCE_PRESENT = 1;
export const ATTENDANCE_ABSENT = 2;
export const ATTENDANCE_EXCUSED = 3;
export const ATTENDANCE_LATE_CANCEL = 4;
export const ATTENDANCE_CANCELLED_BY_SCHOOL = 5;

export const attendanceStatus = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** the translation key of a seeded name (the web shows `lookups.<key>`); null once renamed */
    key: z.string().nullable(),
    charge: z.boolean(),
    payTeacher: z.boolean(),
  })
  .meta({ id: 'AttendanceStatus' });
export type AttendanceStatus = z.infer<typeof attendanceStatus>;

/** PUT /api/attendancestatuses/{id}: fields left out keep their values (ADR 010). */
export const attendanceStatusUpdate = updateOf(
  z.object({
    name: requiredText(100),
    charge: z.boolean({ error: 'must be true or false' }),
    payTeacher: z.boolean({ error: 'must be true or false' }),
  }),
).meta({ id: 'AttendanceStatusUpdate' });
export type AttendanceStatusUpdate = z.infer<typeof attendanceStatusUpdate>;
