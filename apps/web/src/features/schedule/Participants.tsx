import { api, withQuery } from '@school/contract/paths';
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { AddParticipantForm } from './AddParticipantForm';
import { ParticipantCards } from './ParticipantCards';
import { ParticipantsTable } from './ParticipantsTable';
import { ALL_RIGHTS, type LessonRights } from './lessonRights';
import type { Lesson } from './scheduleApi';
import { useParticipants } from './useParticipants';
import styles from './Participants.module.css';

/** The students offered when adding one: all of them, by surname. */
const STUDENTS_URL = withQuery(api.students, { sort: 'surname', limit: 5000 });

/** Below this width (a phone) the participants are stacked cards instead of a table. */
export const CARDS_QUERY = '(max-width: 699px)';

function subscribeCards(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(CARDS_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const asCards = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(CARDS_QUERY).matches;

/**
 * The lesson's participants: add a student or a group, edit each row in place, remove; only
 * what `may` allows (docs/roles.md: a teacher marks attendance only). When the server lists
 * only the viewer's own students of it (`participantsHidden`) and counts more participants than
 * it lists, it says the others are hidden rather than absent.
 */
export function Participants({ lesson, may = ALL_RIGHTS }: { lesson: Lesson; may?: LessonRights }) {
  const { t } = useTranslation();
  const headingId = useId();
  const participants = useParticipants(lesson);
  const { rows, taken, adding, problem } = participants;
  const cards = useSyncExternalStore(subscribeCards, asCards);
  const Rows = cards ? ParticipantCards : ParticipantsTable;
  // listed only the viewer's own students, and the lesson counts more: the others are hidden
  const othersHidden = lesson.participantsHidden && rows.length < lesson.participants;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {t('schedule.participantsTitle')}
      </h3>
      {may.add && (
        <div className={styles.addRow}>
          <AddParticipantForm
            label={t('schedule.addStudent')}
            name="student"
            url={STUDENTS_URL}
            adding={adding}
            omit={taken}
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
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {participants.isPending ? (
        <p>{t('messages.loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.empty}>
          {othersHidden ? t('schedule.participantsHidden') : t('schedule.noStudents')}
        </p>
      ) : (
        <>
          <Rows
            rows={rows}
            onChange={participants.change}
            onRemove={participants.remove}
            may={may}
          />
          {othersHidden && <p className={styles.empty}>{t('schedule.othersHidden')}</p>}
        </>
      )}
    </section>
  );
}
