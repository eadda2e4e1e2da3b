import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { formatMoney } from '../../lib/format';
import {
  AttendanceToggle,
  attendanceOf,
  PaidCell,
  rowTone,
  SelectCell,
  TextCell,
  useParticipantChoices,
} from './ParticipantCells';
import type { ParticipantRowsProps } from './ParticipantsTable';
import type { Event } from './scheduleApi';
import styles from './Participants.module.css';

/**
 * The participants on a phone: one card per student, stacked, nothing to scroll sideways. The
 * name, then attendance in one tap, then the other fields, each with its label.
 */
export function ParticipantCards({ rows, onChange, onRemove }: ParticipantRowsProps) {
  const { t } = useTranslation();
  return (
    <ul className={styles.cards} aria-label={t('schedule.participantsTitle')}>
      {rows.map((row) => (
        <ParticipantCard key={row.id} row={row} onChange={onChange} onRemove={onRemove} />
      ))}
    </ul>
  );
}

function ParticipantCard({
  row,
  onChange,
  onRemove,
}: {
  row: Event;
  onChange: ParticipantRowsProps['onChange'];
  onRemove: ParticipantRowsProps['onRemove'];
}) {
  const { t, i18n } = useTranslation();
  const { toPay } = useParticipantChoices();
  const nameId = useId();
  const name = row.studentName;
  return (
    <li className={`${styles.card} ${styles[rowTone(row)]}`} aria-labelledby={nameId}>
      <div className={styles.cardHead}>
        <h4 id={nameId} className={styles.cardName}>
          {name}
        </h4>
        <IconButton
          label={t('schedule.removeParticipant', { name })}
          icon={Trash2}
          onClick={() => onRemove(row)}
        />
      </div>
      <AttendanceToggle
        label={t('schedule.attendanceOf', { name })}
        value={attendanceOf(row)}
        onChange={(attendence) => onChange(row, { attendence })}
      />
      <div className={styles.cardFields}>
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
        <PaidCell paid={row.isPaid} onChange={(isPaid) => onChange(row, { isPaid })} />
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
        <p className={styles.shareRow}>
          <span className={styles.fieldName}>{t('schedule.share')}</span>
          <span className={styles.number}>{formatMoney(row.amount, i18n.language)}</span>
        </p>
      </div>
    </li>
  );
}
