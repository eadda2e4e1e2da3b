import { api } from '@school/contract/paths';
import { project, projectInput, type Project } from '@school/contract/users';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { FieldSpec } from '../../components/form/fields';
import { useMayDo } from '../../lib/access';
import { ListScreen } from '../../components/list/ListScreen';
import { fieldColumn, type Column, type Resource } from '../../components/list/types';
import { useLookupLabels } from '../../components/lookups';
import { formatMoney } from '../../lib/format';

const resource: Resource<Project> = {
  path: api.projects,
  list: z.array(project),
  rowLabel: (row) => row.name,
  recordName: (row, t) => t('records.project', { name: row.name }),
};

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'fields.name' },
  { name: 'description', label: 'fields.description', kind: 'textarea' },
  { name: 'responsible', label: 'fields.responsible', kind: 'select', lookup: api.lookup('users') },
  { name: 'price', label: 'fields.price', kind: 'decimal' },
  { name: 'product', label: 'fields.product', kind: 'select', lookup: api.lookup('products') },
];

function useColumns(): Column<Project>[] {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const userName = useLookupLabels(api.lookup('users'), 'responsible');
  const productName = useLookupLabels(api.lookup('products'));
  return useMemo(
    () => [
      fieldColumn('name'),
      {
        key: 'description',
        label: 'fields.description',
        sort: 'description',
        value: (row) => row.description,
      },
      {
        key: 'responsible',
        label: 'fields.responsible',
        value: (row) => userName(row.responsible),
      },
      {
        key: 'price',
        label: 'fields.price',
        sort: 'price',
        align: 'end',
        value: (row) => formatMoney(row.price, locale),
        csv: (row) => row.price?.toFixed(2),
      },
      { key: 'product', label: 'fields.product', value: (row) => productName(row.product) },
    ],
    [locale, userName, productName],
  );
}

export function ProjectsScreen() {
  const { t } = useTranslation();
  // projects and groups: a teacher reads them only (docs/roles.md)
  const mayCreate = useMayDo('projects', 'create');
  const mayUpdate = useMayDo('projects', 'update');
  const mayDelete = useMayDo('projects', 'delete');
  const columns = useColumns();
  return (
    <ListScreen
      title={t('titles.projects')}
      caption={t('titles.projects')}
      fileName="projects"
      resource={resource}
      columns={columns}
      {...(mayCreate
        ? { create: { label: t('projects.newProject'), schema: projectInput, fields: FIELDS } }
        : {})}
      {...(mayUpdate
        ? { edit: { title: t('projects.editTitle'), schema: projectInput, fields: FIELDS } }
        : {})}
      actions={{ delete: mayDelete }}
    />
  );
}
