import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { formatMoney } from '../../lib/format';
import { useAttendanceChoices } from '../../components/attendance';
import { AttendanceToggle } from './AttendanceChoice';
import { PaidCell, rowTone, SelectCell, TextCell, useParticipantChoices } from './ParticipantCells';
import type { ParticipantRowsProps } from './ParticipantsTable';
import { ALL_RIGHTS, type LessonRights } from './lessonRights';
import type { Event } from './scheduleApi';
import styles from './Participants.module.css';

/**
 * The participants on a phone: one card per student, stacked, nothing to scroll sideways. The
 * name, then attendance in one tap, then the other fields, each with its label.
 */
export function ParticipantCards({
  rows,
  onChange,
  onRemove,
  may = ALL_RIGHTS,
}: ParticipantRowsProps) {
  const { t } = useTranslation();
  return (
    <ul className={styles.cards} aria-label={t('schedule.participantsTitle')}>
      {rows.map((row) => (
        <ParticipantCard key={row.id} row={row} onChange={onChange} onRemove={onRemove} may={may} />
      ))}
    </ul>
  );
}

function ParticipantCard({
  row,
  onChange,
  onRemove,
  may,
}: {
  row: Event;
  onChange: ParticipantRowsProps['onChange'];
  onRemove: ParticipantRowsProps['onRemove'];
  may: LessonRights;
}) {
  const { t, i18n } = useTranslation();
  const { toPay } = useParticipantChoices();
  const { choiceOf } = useAttendanceChoices();
  const labelOf = (options: readonly { value: number; label: string }[], value: number) =>
    options.find((o) => o.value === value)?.label ?? '';
  const nameId = useId();
  const name = row.studentName;
  return (
    <li className={`${styles.card} ${styles[rowTone(row)]}`} aria-labelledby={nameId}>
      <div className={styles.cardHead}>
        <h4 id={nameId} className={styles.cardName}>
          {name}
        </h4>
        {may.remove && (
          <IconButton
            label={t('schedule.removeParticipant', { name })}
            icon={Trash2}
            onClick={() => onRemove(row)}
          />
        )}
      </div>
      {may.field('attendence') ? (
        <AttendanceToggle
          name={name}
          value={row.attendence}
          onChange={(attendence) => onChange(row, { attendence })}
        />
      ) : (
        <p className={styles.shareRow}>
          <span className={styles.fieldName}>{t('fields.attendence')}</span>
          <span>{choiceOf(row.attendence).label}</span>
        </p>
      )}
      <div className={styles.cardFields}>
        {may.field('toPay') ? (
          <label className={styles.cardField}>
            <span className={styles.fieldName} aria-hidden="true">
              {t('fields.toPay')}
            </span>
            <SelectCell
              label={t('schedule.toPayOf', { name })}
              options={toPay}
              value={row.toPay}
              onChange={(value) => onChange(row, { toPay: value })}
            />
          </label>
        ) : (
          <p className={styles.shareRow}>
            <span className={styles.fieldName}>{t('fields.toPay')}</span>
            <span>{labelOf(toPay, row.toPay)}</span>
          </p>
        )}
        {may.field('isPaid') ? (
          <PaidCell paid={row.isPaid} onChange={(isPaid) => onChange(row, { isPaid })} />
        ) : (
          <p className={styles.shareRow}>{t(row.isPaid ? 'schedule.paid' : 'schedule.unpaid')}</p>
        )}
        {may.field('notes') ? (
          <label className={styles.cardField}>
            <span className={styles.fieldName} aria-hidden="true">
              {t('fields.notes')}
            </span>
            <TextCell
              label={t('schedule.notesOf', { name })}
              value={row.notes}
              onSave={(notes) => onChange(row, { notes })}
            />
          </label>
        ) : (
          row.notes && (
            <p className={styles.shareRow}>
              <span className={styles.fieldName}>{t('fields.notes')}</span>
              <span>{row.notes}</span>
            </p>
          )
        )}
        {may.field('homework') ? (
          <label className={styles.cardField}>
            <span className={styles.fieldName} aria-hidden="true">
              {t('fields.homework')}
            </span>
            <TextCell
              label={t('schedule.homeworkOf', { name })}
              value={row.homework}
              onSave={(homework) => onChange(row, { homework })}
            />
          </label>
        ) : (
          row.homework && (
            <p className={styles.shareRow}>
              <span className={styles.fieldName}>{t('fields.homework')}</span>
              <span>{row.homework}</span>
            </p>
          )
        )}
        {row.amount !== null && (
          <p className={styles.shareRow}>
            <span className={styles.fieldName}>{t('schedule.share')}</span>
            <span className={styles.number}>{formatMoney(row.amount, i18n.language)}</span>
          </p>
        )}
      </div>
    </li>
  );
}
