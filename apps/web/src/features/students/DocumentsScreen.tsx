import {
  DOCUMENT_EXPIRY_DAYS,
  student,
  studentDocumentForm,
  type StudentDocument,
} from '@school/contract/students';
import type { TFunction } from 'i18next';
import { AlertTriangle, CircleX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { parseId, useEntity } from '../../components/detail/useEntity';
import { BackLink, RecordNotFound } from '../../components/detail/RecordLinks';
import { HeaderBlock } from '../../components/HeaderBlock';
import { ListScreen } from '../../components/list/ListScreen';
import { fieldColumn, type Column } from '../../components/list/types';
import { formatDate } from '../../lib/format';
import { DOCUMENT_FIELDS } from './studentFields';
import { documentsResource, STUDENTS_PATH, studentName } from './studentsApi';
import styles from './Students.module.css';

const DAY_MS = 86_400_000;

/** Whole days from today (local calendar) to an ISO date; negative once it has passed. */
export function daysUntil(isoDate: string, today = new Date()): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  const end = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((end - start) / DAY_MS);
}

/** A document's end, in words and with an icon: expired, ending soon, or nothing to mark. */
function ExpiryMark({ row }: { row: StudentDocument }) {
  const { t } = useTranslation();
  if (!row.dateTo) return null;
  const days = daysUntil(row.dateTo);
  if (days < 0) {
    return (
      <span className={styles.expired}>
        <CircleX size={16} aria-hidden="true" />
        {t('documents.expired')}
      </span>
    );
  }
  if (days <= DOCUMENT_EXPIRY_DAYS) {
    return (
      <span className={styles.soon}>
        <AlertTriangle size={16} aria-hidden="true" />
        {days === 0 ? t('documents.expiresToday') : t('documents.expiresSoon', { count: days })}
      </span>
    );
  }
  return null;
}

function expiryText(row: StudentDocument, t: TFunction) {
  if (!row.dateTo) return '';
  const days = daysUntil(row.dateTo);
  if (days < 0) return t('documents.expired');
  if (days === 0) return t('documents.expiresToday');
  return days <= DOCUMENT_EXPIRY_DAYS ? t('documents.expiresSoon', { count: days }) : '';
}

/** /cardocuments/bycar/{id} (docs/screens.md): the documents of one student. */
export function DocumentsScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { id } = useParams();
  const studentId = parseId(id);
  const owner = useEntity(STUDENTS_PATH, id, student);
  const resource = useMemo(() => documentsResource(studentId ?? 0), [studentId]);
  const columns = useMemo<readonly Column<StudentDocument>[]>(
    () => [
      fieldColumn('name'),
      fieldColumn('number'),
      // dates in the chosen language like every other list; the CSV keeps YYYY-MM-DD
      {
        ...fieldColumn<StudentDocument, 'dateFrom'>('dateFrom'),
        value: (row) => formatDate(row.dateFrom, locale),
        csv: (row) => row.dateFrom,
      },
      {
        ...fieldColumn<StudentDocument, 'dateTo'>('dateTo'),
        value: (row) => formatDate(row.dateTo, locale),
        csv: (row) => row.dateTo,
      },
      { key: 'carRegistrNum', label: 'fields.carRegistrNum', value: (row) => row.carRegistrNum },
      {
        key: 'expiry',
        label: 'fields.expiry',
        value: (row) => expiryText(row, t),
        render: (row) => <ExpiryMark row={row} />,
      },
    ],
    [t, locale],
  );
  const name = owner.data ? studentName(owner.data) : '';
  const title = name ? t('documents.title', { name }) : t('titles.studentDocuments');

  if (studentId === null || owner.isError) {
    return (
      <>
        <HeaderBlock title={t('titles.studentDocuments')} />
        <RecordNotFound
          message={t('students.notFound')}
          to="/students"
          linkLabel={t('students.toList')}
        />
      </>
    );
  }
  return (
    <ListScreen
      title={title}
      caption={title}
      fileName={`documents-${studentId}`}
      resource={resource}
      columns={columns}
      create={{
        label: t('documents.newDocument'),
        schema: studentDocumentForm,
        fields: DOCUMENT_FIELDS,
        fixed: { student: studentId },
      }}
      edit={{
        title: t('documents.editTitle'),
        schema: studentDocumentForm,
        fields: DOCUMENT_FIELDS,
      }}
      actions={{ delete: true }}
      tools={<BackLink to={`/students/${studentId}`}>{t('documents.back')}</BackLink>}
    />
  );
}
