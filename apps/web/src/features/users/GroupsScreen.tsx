import { api } from '@school/contract/paths';
import { group, groupInput, type Group } from '@school/contract/users';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { FieldSpec } from '../../components/form/fields';
import { useMayDo } from '../../lib/access';
import { ListScreen } from '../../components/list/ListScreen';
import { fieldColumn, type Column, type Resource } from '../../components/list/types';

const resource: Resource<Group> = {
  path: api.groups,
  list: z.array(group),
  rowLabel: (row) => row.name,
  recordName: (row, t) => t('records.group', { name: row.name }),
};

const FIELDS: readonly FieldSpec[] = [{ name: 'name', label: 'fields.name' }];

const COLUMNS: readonly Column<Group>[] = [fieldColumn('name')];

export function GroupsScreen() {
  const { t } = useTranslation();
  // projects and groups: a teacher reads them only (docs/roles.md)
  const mayCreate = useMayDo('projects', 'create');
  const mayUpdate = useMayDo('projects', 'update');
  const mayDelete = useMayDo('projects', 'delete');
  return (
    <ListScreen
      title={t('titles.groups')}
      caption={t('titles.groups')}
      fileName="groups"
      resource={resource}
      columns={COLUMNS}
      {...(mayCreate
        ? { create: { label: t('groups.newGroup'), schema: groupInput, fields: FIELDS } }
        : {})}
      {...(mayUpdate
        ? { edit: { title: t('groups.editTitle'), schema: groupInput, fields: FIELDS } }
        : {})}
      actions={{ delete: mayDelete }}
    />
  );
}
