import {
  ATTENDANCE_ABSENT,
  ATTENDANCE_NOT_MARKED,
  ATTENDANCE_PRESENT,
} from '@school/contract/money';
import { Check, ChevronDown, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttendanceChoices } from '../../components/attendance';
import { AttendanceMenu, ChargeHint } from './AttendanceMenu';
import { SelectCell } from './ParticipantCells';
import styles from './Participants.module.css';

interface AttendanceProps {
  /** the participant's name: the controls are named by it */
  name: string;
  value: number;
  onChange: (value: number) => void;
}

/** A row's attendance in the table: every status of the lookup, and whether the chosen one charges. */
export function AttendanceSelect({ name, value, onChange }: AttendanceProps) {
  const { t } = useTranslation();
  const { choices, choiceOf } = useAttendanceChoices();
  const hintId = useId();
  const current = choiceOf(value);
  // a status the lookup does not list (yet) is still shown as chosen
  const options = choices.some((choice) => choice.value === value)
    ? choices
    : [...choices, current];
  return (
    <span className={styles.attendanceCell}>
      <SelectCell
        label={t('schedule.attendanceOf', { name })}
        options={options}
        value={value}
        onChange={onChange}
        {...(current.charge === null ? {} : { describedBy: hintId })}
      />
      <ChargeHint choice={current} id={hintId} />
    </span>
  );
}

/**
 * Attendance on a phone: Present and Absent side by side, one tap each, the chosen one pressed
 * (a tap on the pressed one takes the mark back: not marked); every other status in a small
 * menu below them, which names the chosen one. Saved at once, like the table's choice.
 */
export function AttendanceToggle({ name, value, onChange }: AttendanceProps) {
  const { t } = useTranslation();
  const { choices, choiceOf } = useAttendanceChoices();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const taps = [
    { choice: choiceOf(ATTENDANCE_PRESENT), kind: 'present', icon: Check },
    { choice: choiceOf(ATTENDANCE_ABSENT), kind: 'absent', icon: X },
  ] as const;
  const others = choices.filter(
    (choice) => choice.value !== ATTENDANCE_PRESENT && choice.value !== ATTENDANCE_ABSENT,
  );
  const current = choiceOf(value);
  const otherChosen = value !== ATTENDANCE_PRESENT && value !== ATTENDANCE_ABSENT;
  // "not marked" is no choice to show on the button: it says there are more
  const shown = otherChosen && value !== ATTENDANCE_NOT_MARKED;
  return (
    <div className={styles.attendance}>
      <div role="group" aria-label={t('schedule.attendanceOf', { name })} className={styles.toggle}>
        {taps.map(({ choice, kind, icon: Icon }) => {
          const pressed = value === choice.value;
          return (
            <button
              key={choice.value}
              type="button"
              className={styles.toggleButton}
              data-choice={kind}
              aria-pressed={pressed}
              onClick={() => onChange(pressed ? ATTENDANCE_NOT_MARKED : choice.value)}
            >
              <Icon size={18} aria-hidden="true" />
              {choice.label}
            </button>
          );
        })}
      </div>
      <div className={styles.moreRow}>
        <button
          id={buttonId}
          type="button"
          className={styles.moreButton}
          data-chosen={shown}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => setOpen((was) => !was)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              setOpen(true);
            }
          }}
        >
          {shown ? current.label : t('schedule.marks.otherStatus')}
          <ChevronDown size={16} aria-hidden="true" />
        </button>
        <ChargeHint choice={current} />
        {open && (
          <AttendanceMenu
            id={menuId}
            label={t('schedule.marks.otherStatusesOf', { name })}
            buttonId={buttonId}
            choices={others}
            value={value}
            onChoose={(chosen) => {
              setOpen(false);
              if (chosen !== value) onChange(chosen);
            }}
            onClose={() => setOpen(false)}
          />
        )}
      </div>
    </div>
  );
}
