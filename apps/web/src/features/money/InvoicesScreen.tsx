import { invoiceCorrection, invoiceRow, type InvoiceRow } from '@school/contract/invoices';
import { api } from '@school/contract/paths';
import { useQueryClient } from '@tanstack/react-query';
import { FileDown, FilePen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { showNotice } from '../../components/feedback/notices';
import { EntityForm } from '../../components/form/EntityForm';
import type { FieldSpec } from '../../components/form/fields';
import type { FilterSpec } from '../../components/list/FilterBar';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column, Resource, RowAction } from '../../components/list/types';
import { LIST_QUERY_KEY } from '../../components/list/useInfiniteList';
import { Modal } from '../../components/Modal';
import { formatDate, formatMoney } from '../../lib/format';
import { request } from '../../lib/http';
import { accountPath } from './moneyApi';

export const invoicesResource: Resource<InvoiceRow> = {
  path: api.invoices,
  list: z.array(invoiceRow),
  rowLabel: (row) => row.number,
};

function useInvoiceColumns(): readonly Column<InvoiceRow>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'number',
        label: 'money.columns.invoiceNumber',
        sort: 'number',
        whole: true,
        value: (row) => row.number,
      },
      {
        key: 'student',
        label: 'money.columns.student',
        value: (row) => row.studentName,
        render: (row) => <Link to={accountPath(row.student)}>{row.studentName}</Link>,
      },
      { key: 'month', label: 'money.columns.invoiceMonth', whole: true, value: (row) => row.month },
      {
        key: 'total',
        label: 'money.columns.invoiceTotal',
        sort: 'total',
        align: 'end',
        whole: true,
        value: (row) => formatMoney(row.total, i18n.language, row.currency),
      },
      {
        key: 'issued',
        label: 'money.columns.invoiceIssued',
        sort: 'issued',
        whole: true,
        value: (row) => formatDate(row.issueDate, i18n.language),
      },
      {
        key: 'corrects',
        label: 'money.columns.invoiceCorrects',
        value: (row) =>
          row.corrects
            ? t('money.invoices.correctsText', { number: row.corrects.number, reason: row.reason })
            : '',
      },
    ],
    [t, i18n.language],
  );
}

const CORRECT_FIELDS: readonly FieldSpec[] = [
  { name: 'reason', label: 'fields.reason', wide: true },
];

/** A correcting invoice of `invoice` with a reason (docs/money.md, Invoices). */
function CorrectDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Modal
      open
      title={t('money.invoices.correctTitle', { number: invoice.number })}
      onClose={onClose}
    >
      <EntityForm
        mode="create"
        schema={invoiceCorrection.pick({ reason: true })}
        fields={CORRECT_FIELDS}
        defaultValues={{ reason: '' }}
        submitLabel={t('money.invoices.correctConfirm')}
        label={t('money.invoices.correct')}
        onSubmit={(body) => request(api.invoiceCorrect(invoice.id), { method: 'POST', body })}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEY, api.invoices] });
          onClose();
          showNotice({ text: t('money.invoices.corrected') });
        }}
      />
    </Modal>
  );
}

/**
 * /invoices (docs/screens.md, Invoices; docs/money.md, Invoices): every invoice and correcting
 * invoice, newest first, searched by number or student and filtered by the day issued; each
 * one's PDF, Correct (a correcting invoice with a reason) and the list as CSV.
 */
export function InvoicesScreen() {
  const { t } = useTranslation();
  const [correcting, setCorrecting] = useState<InvoiceRow | null>(null);
  const filters = useMemo<readonly FilterSpec[]>(
    () => [
      { param: 'dateFrom', label: 'fields.from', date: true, before: 'dateTo' },
      { param: 'dateTo', label: 'fields.to', date: true, after: 'dateFrom' },
    ],
    [],
  );
  const more = useMemo<readonly RowAction<InvoiceRow>[]>(
    () => [
      {
        key: 'pdf',
        icon: FileDown,
        label: (row) => t('money.invoices.download', { number: row.number }),
        onClick: (row) => window.location.assign(api.invoicePdf(row.id)),
      },
      {
        key: 'correct',
        icon: FilePen,
        label: (row) => t('money.invoices.correctRow', { number: row.number }),
        available: (row) => row.series === 'FV',
        onClick: setCorrecting,
      },
    ],
    [t],
  );
  return (
    <>
      <ListScreen
        title={t('titles.invoices')}
        caption={t('money.invoices.caption')}
        fileName="invoices"
        resource={invoicesResource}
        columns={useInvoiceColumns()}
        filters={filters}
        defaultSort="-issued"
        serverExport={api.invoicesCsv}
        actions={{ more }}
      />
      {correcting && <CorrectDialog invoice={correcting} onClose={() => setCorrecting(null)} />}
    </>
  );
}
