import { api, withQuery } from '@school/contract/paths';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { AddParticipantForm } from './AddParticipantForm';
import { ParticipantsTable } from './ParticipantsTable';
import type { Lesson } from './scheduleApi';
import { useParticipants } from './useParticipants';
import styles from './Schedule.module.css';

/** The students offered when adding one: all of them, by surname. */
const STUDENTS_URL = withQuery(api.students, { sort: 'surname', limit: 5000 });

/** The lesson's participants: add a student or a group, edit each row in place, remove. */
export function Participants({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const headingId = useId();
  const participants = useParticipants(lesson);
  const { rows, adding, problem } = participants;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {t('schedule.participantsTitle')}
      </h3>
      <div className={styles.addRow}>
        <AddParticipantForm
          label={t('schedule.addStudent')}
          name="student"
          url={STUDENTS_URL}
          adding={adding}
          onAdd={(id) => participants.add('student', id)}
        />
        <AddParticipantForm
          label={t('schedule.addGroup')}
          name="groupe"
          url={api.lookup('groups')}
          adding={adding}
          onAdd={(id) => participants.add('groupe', id)}
        />
        {adding && <Spinner />}
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {participants.isPending ? (
        <p>{t('messages.loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{t('schedule.noStudents')}</p>
      ) : (
        <ParticipantsTable
          rows={rows}
          onChange={participants.change}
          onRemove={participants.remove}
        />
      )}
    </section>
  );
}
