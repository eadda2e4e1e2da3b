import { linkForStudent } from '@school/contract/games';
import { api, withQuery } from '@school/contract/paths';
import { student as studentSchema } from '@school/contract/students';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { LabelledInput } from '../../components/form/LabelledInput';
import { useCopy } from '../../components/list/useRowActions';
import { Modal } from '../../components/Modal';
import { Selector } from '../../components/Selector';
import { Spinner } from '../../components/Spinner';
import { request } from '../../lib/http';
import type { ShareDialogProps } from '../../components/QrDialog';
import styles from './Games.module.css';

const STUDENTS_URL = withQuery(api.students, { sort: 'surname', limit: 5000 });

/**
 * 'Copy link for this student' from a game list: choose the student, see the link that records
 * their result, and copy it.
 */
export function StudentLinkDialog({ name, link, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const student = useQuery({
    queryKey: ['entity', api.student(Number(chosen))],
    queryFn: ({ signal }) =>
      request(api.student(Number(chosen)), { schema: studentSchema, signal }),
    enabled: chosen !== '',
  });
  const studentLink = student.data ? linkForStudent(link, student.data.hashCode) : '';
  return (
    <Modal open title={t('games.studentLinkTitle', { name })} onClose={onClose}>
      <div className={styles.studentLink}>
        <label className={controls.label} htmlFor={selectId}>
          {t('fields.student')}
        </label>
        <Selector
          id={selectId}
          name="student"
          url={STUDENTS_URL}
          value={chosen}
          onChange={setChosen}
          autoSelectSingle={false}
        />
        <LabelledInput
          label={t('games.studentLink')}
          readOnly
          value={studentLink}
          placeholder={t('games.chooseStudentFirst')}
          onFocus={(event) => event.currentTarget.select()}
          rowClassName={styles.addControls}
          after={
            <>
              {student.isFetching && <Spinner />}
              <button
                type="button"
                className={controls.button}
                disabled={!studentLink}
                onClick={() => void copy(studentLink)}
              >
                {t('games.copy')}
              </button>
            </>
          }
        />
        {student.isError && <p role="alert">{t('messages.error')}</p>}
        <p className={styles.hint}>{t('games.studentLinkHint')}</p>
      </div>
    </Modal>
  );
}
