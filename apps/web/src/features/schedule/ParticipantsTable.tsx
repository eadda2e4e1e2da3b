import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { formatMoney } from '../../lib/format';
import {
  attendanceOf,
  PaidCell,
  rowTone,
  SelectCell,
  TextCell,
  useParticipantChoices,
} from './ParticipantCells';
import type { Event } from './scheduleApi';
import styles from './Participants.module.css';

export interface ParticipantRowsProps {
  rows: readonly Event[];
  onChange: (row: Event, body: Partial<Event>) => void;
  onRemove: (row: Event) => void;
}

/** The participants of a lesson, each row edited in place. */
export function ParticipantsTable({ rows, onChange, onRemove }: ParticipantRowsProps) {
  const { t, i18n } = useTranslation();
  const { attendance, toPay } = useParticipantChoices();
  return (
    <div
      className={styles.tableBox}
      role="region"
      aria-label={t('schedule.participantsTitle')}
      tabIndex={0}
    >
      <table className={styles.table}>
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
                  value={attendanceOf(row)}
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
                <PaidCell paid={row.isPaid} onChange={(isPaid) => onChange(row, { isPaid })} />
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
