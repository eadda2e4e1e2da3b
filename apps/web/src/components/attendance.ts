import {
  ATTENDANCE_ABSENT,
  ATTENDANCE_CANCELLED_BY_SCHOOL,
  ATTENDANCE_EXCUSED,
  ATTENDANCE_LATE_CANCEL,
  ATTENDANCE_NOT_MARKED,
  ATTENDANCE_PRESENT,
} from '@school/contract/money';
import { api } from '@school/contract/paths';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupName, useLookup } from './lookups';

/** The lookup of attendance statuses (docs/money.md, Attendance statuses). */
export const ATTENDANCE_STATUSES_URL = api.attendanceStatuses;

/**
 * One attendance status as a participation's choice: its id, its name as the user reads it, and
 * whether it charges the student (null until the lookup has said).
 */
export interface AttendanceChoice {
  value: number;
  label: string;
  charge: boolean | null;
}

/** The seeded statuses' translation keys (migration 0024): their names until the lookup arrives. */
export const SEEDED_ATTENDANCE: Readonly<Record<number, string>> = {
  [ATTENDANCE_NOT_MARKED]: 'attendance.notMarked',
  [ATTENDANCE_PRESENT]: 'attendance.present',
  [ATTENDANCE_ABSENT]: 'attendance.absent',
  [ATTENDANCE_EXCUSED]: 'attendance.excused',
  [ATTENDANCE_LATE_CANCEL]: 'attendance.lateCancel',
  [ATTENDANCE_CANCELLED_BY_SCHOOL]: 'attendance.cancelledBySchool',
};

/** A seeded status by its translation, any other by its number (an id the lookup has not sent). */
function seededChoice(value: number, t: TFunction): AttendanceChoice {
  const key = SEEDED_ATTENDANCE[value];
  return {
    value,
    label: key ? lookupName({ name: String(value), key }, t) : String(value),
    charge: null,
  };
}

/**
 * The attendance statuses a participation may take, from the lookup an admin edits in
 * /settings, in its order (by id): a seeded name in the chosen language, a name an admin typed
 * (or a status added) as typed, each with whether it charges. Until the lookup arrives (or when
 * it cannot be read) the six seeded statuses, without the charge.
 */
export function useAttendanceChoices() {
  const { t } = useTranslation();
  const { data } = useLookup(ATTENDANCE_STATUSES_URL);
  return useMemo(() => {
    const choices: AttendanceChoice[] = data
      ? data.map((row) => ({
          value: row.id,
          label: lookupName(row, t),
          charge: typeof row.charge === 'boolean' ? row.charge : null,
        }))
      : Object.keys(SEEDED_ATTENDANCE).map((id) => seededChoice(Number(id), t));
    const byValue = new Map(choices.map((choice) => [choice.value, choice]));
    return {
      choices,
      /** The choice of `value`, named even when the lookup does not list it. */
      choiceOf: (value: number): AttendanceChoice => byValue.get(value) ?? seededChoice(value, t),
    };
  }, [data, t]);
}
