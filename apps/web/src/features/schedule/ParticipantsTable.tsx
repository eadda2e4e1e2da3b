import {
  ATTENDENCE_ABSENT,
  ATTENDENCE_NEUTRAL,
  ATTENDENCE_PRESENT,
} from '@school/contract/schedule';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { formatMoney } from '../../lib/format';
import { SelectCell, TextCell } from './ParticipantCells';
import type { Event } from './scheduleApi';
import styles from './Schedule.module.css';

/** Row colours (docs/interface.md): paid green, absent red, the others blue; the cells say it in words. */
function rowTone(row: Event): 'paid' | 'absent' | 'open' {
  if (row.isPaid) return 'paid';
  if (row.attendence !== ATTENDENCE_PRESENT && row.attendence !== ATTENDENCE_NEUTRAL) {
    return 'absent';
  }
  return 'open';
}

/** The participants of a lesson, each row edited in place. */
export function ParticipantsTable({
  rows,
  onChange,
  onRemove,
}: {
  rows: readonly Event[];
  onChange: (row: Event, body: Partial<Event>) => void;
  onRemove: (row: Event) => void;
}) {
  const { t, i18n } = useTranslation();
  const attendance = [
    { value: ATTENDENCE_NEUTRAL, label: t('schedule.attendance.neutral') },
    { value: ATTENDENCE_PRESENT, label: t('schedule.attendance.present') },
    { value: ATTENDENCE_ABSENT, label: t('schedule.attendance.absent') },
  ];
  const toPay = [
    { value: 0, label: t('schedule.toPay.unset') },
    { value: 1, label: t('schedule.toPay.pays') },
    { value: 2, label: t('schedule.toPay.free') },
  ];
  return (
    <div
      className={styles.tableBox}
      role="region"
      aria-label={t('schedule.participantsTitle')}
      tabIndex={0}
    >
      <table className={styles.participants}>
        <caption className={styles.visuallyHidden}>{t('schedule.participantsTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fields.student')}</th>
            <th scope="col">{t('fields.attendence')}</th>
            <th scope="col">{t('fields.toPay')}</th>
            <th scope="col">{t('fields.isPaid')}</th>
            <th scope="col">{t('fields.notes')}</th>
            <th scope="col">{t('fields.homework')}</th>
            <th scope="col">{t('schedule.share')}</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>{t('list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={styles[rowTone(row)]}>
              <th scope="row">{row.studentName}</th>
              <td>
                <SelectCell
                  label={t('schedule.attendanceOf', { name: row.studentName })}
                  options={attendance}
                  value={
                    row.attendence === ATTENDENCE_PRESENT || row.attendence === ATTENDENCE_NEUTRAL
                      ? row.attendence
                      : ATTENDENCE_ABSENT
                  }
                  onChange={(attendence) => onChange(row, { attendence })}
                />
              </td>
              <td>
                <SelectCell
                  label={t('schedule.toPayOf', { name: row.studentName })}
                  options={toPay}
                  value={row.toPay}
                  onChange={(value) => onChange(row, { toPay: value })}
                />
              </td>
              <td>
                <label className={styles.paidLabel}>
                  <input
                    type="checkbox"
                    checked={row.isPaid}
                    onChange={(event) => onChange(row, { isPaid: event.target.checked })}
                  />
                  <span>{t(row.isPaid ? 'schedule.paid' : 'schedule.unpaid')}</span>
                </label>
              </td>
              <td>
                <TextCell
                  label={t('schedule.notesOf', { name: row.studentName })}
                  value={row.notes}
                  onSave={(notes) => onChange(row, { notes })}
                />
              </td>
              <td>
                <TextCell
                  label={t('schedule.homeworkOf', { name: row.studentName })}
                  value={row.homework}
                  onSave={(homework) => onChange(row, { homework })}
                />
              </td>
              <td className={styles.number}>{formatMoney(row.amount, i18n.language)}</td>
              <td>
                <IconButton
                  label={t('schedule.removeParticipant', { name: row.studentName })}
                  icon={Trash2}
                  onClick={() => onRemove(row)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
