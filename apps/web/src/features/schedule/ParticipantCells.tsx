import { ATTENDANCE_NOT_MARKED, ATTENDANCE_PRESENT } from '@school/contract/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import type { Event } from './scheduleApi';
import styles from './Participants.module.css';

/**
 * Row colours (docs/interface.md): paid green, absent red (any status other than present and
 * not marked), the others blue; the cells say it in words.
 */
export function rowTone(row: Event): 'paid' | 'absent' | 'open' {
  if (row.isPaid) return 'paid';
  if (row.attendence !== ATTENDANCE_PRESENT && row.attendence !== ATTENDANCE_NOT_MARKED) {
    return 'absent';
  }
  return 'open';
}

/**
 * The choices of paying (docs/schedule.md, Attendance and payment), in words; attendance's are
 * the lookup's (useAttendanceChoices).
 */
export function useParticipantChoices() {
  const { t } = useTranslation();
  return {
    toPay: [
      { value: 0, label: t('schedule.toPay.unset') },
      { value: 1, label: t('schedule.toPay.pays') },
      { value: 2, label: t('schedule.toPay.free') },
    ],
  };
}

/** A choice cell edited in place: saved as soon as another option is chosen. */
export function SelectCell({
  label,
  options,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  options: readonly { value: number; label: string }[];
  value: number;
  onChange: (value: number) => void;
  /** the id of a text that says more of the chosen value (whether a status charges) */
  describedBy?: string;
}) {
  return (
    <select
      className={controls.input}
      aria-label={label}
      aria-describedby={describedBy}
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
