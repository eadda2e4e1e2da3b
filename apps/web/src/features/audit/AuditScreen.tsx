import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditEntry, type AuditEntry } from '@school/contract/audit';
import { api } from '@school/contract/paths';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { entityLabel } from '../../components/history/formatEntry';
import {
  ALL_HISTORY_LOOKUPS,
  useHistoryFormatter,
} from '../../components/history/useHistoryFormat';
import type { FilterSpec } from '../../components/list/FilterBar';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column, Resource } from '../../components/list/types';
import { recordPath } from './recordPath';

const resource: Resource<AuditEntry> = {
  path: api.audit,
  list: z.array(auditEntry),
  rowLabel: (row) => `#${row.id}`,
};

/** The record an entry is about, in words ("Client #12"). */
function useRecordName() {
  const { t } = useTranslation();
  return (row: AuditEntry) => {
    const kind = entityLabel(row.entity, t);
    return row.entityId === null ? kind : t('history.record', { entity: kind, id: row.entityId });
  };
}

function useColumns(): Column<AuditEntry>[] {
  const format = useHistoryFormatter(ALL_HISTORY_LOOKUPS);
  const recordName = useRecordName();
  return useMemo(
    () => [
      { key: 'at', label: 'fields.at', value: (row) => format(row).when },
      { key: 'user', label: 'fields.user', value: (row) => format(row).who },
      { key: 'action', label: 'fields.action', value: (row) => format(row).action },
      {
        key: 'record',
        label: 'fields.record',
        value: recordName,
        render: (row) => {
          const to = recordPath(row);
          const name = recordName(row);
          return to === null ? name : <Link to={to}>{name}</Link>;
        },
      },
      { key: 'changes', label: 'fields.changes', value: (row) => format(row).summary },
    ],
    [format, recordName],
  );
}

function useFilters(): FilterSpec[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        param: 'entity',
        label: 'fields.entity',
        options: AUDIT_ENTITIES.map((value) => ({ value, label: entityLabel(value, t) })),
      },
      { param: 'entityId', label: 'fields.recordId', id: true },
      { param: 'userId', label: 'fields.user', lookup: api.lookup('users') },
      {
        param: 'action',
        label: 'fields.action',
        options: AUDIT_ACTIONS.map((value) => ({ value, label: t(`history.action.${value}`) })),
      },
      { param: 'dateFrom', label: 'fields.from', date: true, before: 'dateTo' },
      { param: 'dateTo', label: 'fields.to', date: true, after: 'dateFrom' },
    ],
    [t],
  );
}

/**
 * /audit (docs/screens.md, Audit): every entry of the record history, newest first, for an
 * admin; filtered by record type, record id, user, action, days and search; each row links to
 * its record.
 */
export function AuditScreen() {
  const { t } = useTranslation();
  return (
    <ListScreen
      title={t('titles.audit')}
      resource={resource}
      columns={useColumns()}
      filters={useFilters()}
      caption={t('audit.caption')}
      fileName={t('audit.fileName')}
    />
  );
}
