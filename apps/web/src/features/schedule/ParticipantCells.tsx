import {
  ATTENDENCE_ABSENT,
  ATTENDENCE_NEUTRAL,
  ATTENDENCE_PRESENT,
} from '@school/contract/schedule';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import type { Event } from './scheduleApi';
import styles from './Participants.module.css';

/** Row colours (docs/interface.md): paid green, absent red, the others blue; the cells say it in words. */
export function rowTone(row: Event): 'paid' | 'absent' | 'open' {
  if (row.isPaid) return 'paid';
  if (row.attendence !== ATTENDENCE_PRESENT && row.attendence !== ATTENDENCE_NEUTRAL) {
    return 'absent';
  }
  return 'open';
}

/** A row's attendance as one of the three choices (anything else than 1 and 0 is absent). */
export function attendanceOf(row: Event): number {
  return row.attendence === ATTENDENCE_PRESENT || row.attendence === ATTENDENCE_NEUTRAL
    ? row.attendence
    : ATTENDENCE_ABSENT;
}

/** The choices of attendance and of paying (docs/schedule.md, Attendance and payment), in words. */
export function useParticipantChoices() {
  const { t } = useTranslation();
  return {
    attendance: [
      { value: ATTENDENCE_NEUTRAL, label: t('schedule.attendance.neutral') },
      { value: ATTENDENCE_PRESENT, label: t('schedule.attendance.present') },
      { value: ATTENDENCE_ABSENT, label: t('schedule.attendance.absent') },
    ],
    toPay: [
      { value: 0, label: t('schedule.toPay.unset') },
      { value: 1, label: t('schedule.toPay.pays') },
      { value: 2, label: t('schedule.toPay.free') },
    ],
  };
}

/**
 * Attendance in one tap (a phone): Present and Absent side by side, the chosen one pressed; a
 * tap on the pressed one takes the mark back (not marked). Saved at once, like the select.
 */
export function AttendanceToggle({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const choices = [
    { value: ATTENDENCE_PRESENT, text: t('schedule.attendance.present'), icon: Check },
    { value: ATTENDENCE_ABSENT, text: t('schedule.attendance.absent'), icon: X },
  ];
  return (
    <div role="group" aria-label={label} className={styles.toggle}>
      {choices.map(({ value: choice, text, icon: Icon }) => {
        const pressed = value === choice;
        return (
          <button
            key={choice}
            type="button"
            className={styles.toggleButton}
            data-choice={choice === ATTENDENCE_PRESENT ? 'present' : 'absent'}
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? ATTENDENCE_NEUTRAL : choice)}
          >
            <Icon size={18} aria-hidden="true" />
            {text}
          </button>
        );
      })}
    </div>
  );
}

/** A choice cell edited in place: saved as soon as another option is chosen. */
export function SelectCell({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: number; label: string }[];
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <select
      className={controls.input}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A text cell edited in place: saved when it loses focus or on Enter, if it changed. */
export function TextCell({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string;
  onSave: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // the server's value changed (after a save or a refresh): show it
    setSeen(value);
    setText(value);
  }
  const commit = () => {
    if (text.trim() !== value) onSave(text.trim());
  };
  return (
    <input
      className={controls.input}
      aria-label={label}
      value={text}
      maxLength={2000}
      // a narrow natural width: in the table the choices and words get the room first
      size={8}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}

/** Whether the participant has paid: a checkbox that says it in words beside it. */
export function PaidCell({ paid, onChange }: { paid: boolean; onChange: (paid: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.paidLabel}>
      <input type="checkbox" checked={paid} onChange={(event) => onChange(event.target.checked)} />
      <span>{t(paid ? 'schedule.paid' : 'schedule.unpaid')}</span>
    </label>
  );
}
