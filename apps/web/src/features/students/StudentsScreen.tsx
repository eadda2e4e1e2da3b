import { api } from '@school/contract/paths';
import { studentInput, studentUpdate, type Student } from '@school/contract/students';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLookupLabels } from '../../components/lookups';
import { ImportDialog } from '../../components/import/ImportDialog';
import { useMayDoAll } from '../../lib/access';
import { ListScreen } from '../../components/list/ListScreen';
import { fieldColumn, type Column } from '../../components/list/types';
import { QUICK_FIELDS, STUDENT_FILTERS } from './studentFields';
import { deepLinkCopy, studentsResource } from './studentsApi';

/** /students (docs/screens.md): the school's learners, with CSV export and import. */
export function StudentsScreen() {
  const { t } = useTranslation();
  const levelName = useLookupLabels(api.lookup('levels'));
  const groupName = useLookupLabels(api.lookup('groups'));
  // the import matches and changes any student: only for a role that reaches every student
  // (docs/roles.md, Students)
  const mayImport = useMayDoAll('students', 'update');
  const columns = useMemo<readonly Column<Student>[]>(
    () => [
      { key: 'name', label: 'fields.firstName', sort: 'name', value: (row) => row.name },
      fieldColumn('surname'),
      fieldColumn('email'),
      {
        key: 'telegramUsername',
        label: 'fields.telegramUsername',
        sort: 'telegramUsername',
        value: (row) => row.telegramUsername,
      },
      // a level is read whole (columnWidths.ts)
      { key: 'level', label: 'fields.level', whole: true, value: (row) => levelName(row.level) },
      { key: 'groupe', label: 'fields.groupe', value: (row) => groupName(row.groupe) },
      fieldColumn('location'),
    ],
    [levelName, groupName],
  );
  return (
    <ListScreen
      title={t('titles.students')}
      caption={t('titles.students')}
      fileName="students"
      resource={studentsResource}
      columns={columns}
      filters={STUDENT_FILTERS}
      serverExport={api.studentsCsv.export}
      tools={
        mayImport && (
          <ImportDialog
            paths={api.studentsCsv}
            listPath={api.students}
            title={t('students.import.title')}
            intro={t('students.import.intro')}
          />
        )
      }
      create={{ label: t('students.newStudent'), schema: studentInput, fields: QUICK_FIELDS }}
      edit={{ title: t('students.editTitle'), schema: studentUpdate, fields: QUICK_FIELDS }}
      actions={{ delete: true, open: (row) => `/students/${row.id}`, copy: deepLinkCopy }}
    />
  );
}
