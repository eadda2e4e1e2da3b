import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { formatMoney } from '../../lib/format';
import { useAttendanceChoices } from '../../components/attendance';
import { AttendanceSelect } from './AttendanceChoice';
import { PaidCell, rowTone, SelectCell, TextCell, useParticipantChoices } from './ParticipantCells';
import { ALL_RIGHTS, type LessonRights } from './lessonRights';
import type { Event } from './scheduleApi';
import styles from './Participants.module.css';

export interface ParticipantRowsProps {
  rows: readonly Event[];
  onChange: (row: Event, body: Partial<Event>) => void;
  onRemove: (row: Event) => void;
  /** what the user may change (docs/roles.md); a field they may not is shown as text */
  may?: LessonRights;
}

/** The participants of a lesson, each row edited in place. */
export function ParticipantsTable({
  rows,
  onChange,
  onRemove,
  may = ALL_RIGHTS,
}: ParticipantRowsProps) {
  const { t, i18n } = useTranslation();
  const { toPay } = useParticipantChoices();
  const { choiceOf } = useAttendanceChoices();
  const labelOf = (options: readonly { value: number; label: string }[], value: number) =>
    options.find((o) => o.value === value)?.label ?? '';
  return (
    <div
      className={styles.tableBox}
      role="region"
      aria-label={t('schedule.participantsTitle')}
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption className="visually-hidden">{t('schedule.participantsTitle')}</caption>
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
              <span className="visually-hidden">{t('list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={styles[rowTone(row)]}>
              <th scope="row">{row.studentName}</th>
              <td>
                {may.field('attendence') ? (
                  <AttendanceSelect
                    name={row.studentName}
                    value={row.attendence}
                    onChange={(attendence) => onChange(row, { attendence })}
                  />
                ) : (
                  choiceOf(row.attendence).label
                )}
              </td>
              <td>
                {may.field('toPay') ? (
                  <SelectCell
                    label={t('schedule.toPayOf', { name: row.studentName })}
                    options={toPay}
                    value={row.toPay}
                    onChange={(value) => onChange(row, { toPay: value })}
                  />
                ) : (
                  labelOf(toPay, row.toPay)
                )}
              </td>
              <td>
                {may.field('isPaid') ? (
                  <PaidCell paid={row.isPaid} onChange={(isPaid) => onChange(row, { isPaid })} />
                ) : (
                  t(row.isPaid ? 'schedule.paid' : 'schedule.unpaid')
                )}
              </td>
              <td>
                {may.field('notes') ? (
                  <TextCell
                    label={t('schedule.notesOf', { name: row.studentName })}
                    value={row.notes}
                    onSave={(notes) => onChange(row, { notes })}
                  />
                ) : (
                  row.notes
                )}
              </td>
              <td>
                {may.field('homework') ? (
                  <TextCell
                    label={t('schedule.homeworkOf', { name: row.studentName })}
                    value={row.homework}
                    onSave={(homework) => onChange(row, { homework })}
                  />
                ) : (
                  row.homework
                )}
              </td>
              <td className={styles.number}>{formatMoney(row.amount, i18n.language)}</td>
              <td>
                {may.remove && (
                  <IconButton
                    label={t('schedule.removeParticipant', { name: row.studentName })}
                    icon={Trash2}
                    onClick={() => onRemove(row)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
