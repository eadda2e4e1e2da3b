import { invoiceCorrection, invoiceRow, type InvoiceRow } from '@school/contract/invoices';
import { api, withQuery } from '@school/contract/paths';
import { useQueryClient } from '@tanstack/react-query';
import { FileDown, FilePen, FilePlus } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { showFailure, showNotice } from '../../components/feedback/notices';
import { EntityForm } from '../../components/form/EntityForm';
import type { FieldSpec } from '../../components/form/fields';
import formStyles from '../../components/form/Form.module.css';
import { IconButton } from '../../components/IconButton';
import {
  invoiceRefusal,
  issueInvoice,
  monthBefore,
  thisMonth,
} from '../../components/invoices/issueInvoice';
import type { FilterSpec } from '../../components/list/FilterBar';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column, Resource, RowAction } from '../../components/list/types';
import { LIST_QUERY_KEY } from '../../components/list/useInfiniteList';
import { Modal } from '../../components/Modal';
import { Selector } from '../../components/Selector';
import { Spinner } from '../../components/Spinner';
import { useMayDo } from '../../lib/access';
import { formatDate, formatMoney, formatMonth } from '../../lib/format';
import { request } from '../../lib/http';
import { studentColumn } from './studentColumn';
import { MonthInput } from '../../components/form/MonthInput';

const STUDENTS_URL = withQuery(api.students, { sort: 'surname', limit: 5000 });

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
      studentColumn(),
      {
        key: 'month',
        label: 'money.columns.invoiceMonth',
        whole: true,
        value: (row) => formatMonth(row.month, i18n.language, 'short'),
      },
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
      <p className={formStyles.hint}>{t('money.invoices.correctIntro')}</p>
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
 * The invoice of a student's month from /invoices (docs/money.md, Invoices): a student, a month
 * that is over (last month at first), Issue invoice; its number in a notice, or why not in the
 * dialog, which stays open for another choice.
 */
function IssueInvoiceForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const studentId = useId();
  const monthId = useId();
  const errorId = useId();
  const last = monthBefore(thisMonth());
  const [student, setStudent] = useState('');
  const [month, setMonth] = useState(last);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!student) return;
    setBusy(true);
    setRefusal(null);
    try {
      const made = await issueInvoice(Number(student), month);
      void queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEY, api.invoices] });
      showNotice({ text: t('money.invoices.issued_notice', { number: made.number }) });
      onClose();
    } catch (error) {
      const why = invoiceRefusal(error);
      if (why === null) showFailure(error, t('messages.error'));
      else
        setRefusal(
          'exists' in why
            ? t('money.invoices.exists', { number: why.exists })
            : t('money.invoices.refused', { reason: why.reason }),
        );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={formStyles.form}
      aria-label={t('money.invoices.issue')}
      aria-describedby={refusal === null ? undefined : errorId}
      onSubmit={(event) => void submit(event)}
    >
      <div className={formStyles.grid}>
        <div className={formStyles.field}>
          <label className={controls.label} htmlFor={studentId}>
            {t('money.columns.student')}
          </label>
          <Selector
            id={studentId}
            name="student"
            url={STUDENTS_URL}
            value={student}
            required
            autoSelectSingle={false}
            onChange={(value) => {
              setStudent(value);
              setRefusal(null);
            }}
          />
        </div>
        <div className={formStyles.field}>
          <label className={controls.label} htmlFor={monthId}>
            {t('money.columns.invoiceMonth')}
          </label>
          <MonthInput
            id={monthId}
            value={month}
            max={last}
            onChange={(chosen) => {
              setMonth(chosen);
              setRefusal(null);
            }}
          />
        </div>
      </div>
      {refusal !== null && (
        <p id={errorId} className={formStyles.formError} role="alert">
          {refusal}
        </p>
      )}
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={controls.button}
          disabled={busy || !student}
          aria-busy={busy}
        >
          {busy && <Spinner />}
          {t('money.invoices.issue')}
        </button>
      </div>
    </form>
  );
}

/** Issue invoice among the list's tools, and its dialog. */
function IssueInvoiceDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        label={t('money.invoices.issue')}
        icon={FilePlus}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      />
      <Modal open={open} title={t('money.invoices.issue')} onClose={() => setOpen(false)}>
        {open && <IssueInvoiceForm onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

/**
 * /invoices (docs/screens.md, Invoices; docs/money.md, Invoices): every invoice and correcting
 * invoice, newest first, searched by number or student and filtered by the day issued; each
 * one's PDF, Correct (a correcting invoice with a reason), Issue invoice of a student's month
 * and the list as CSV.
 */
export function InvoicesScreen() {
  const { t } = useTranslation();
  const mayIssue = useMayDo('invoices', 'create');
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
      // Correct first: the PDF's link stays in the same place on every row
      {
        key: 'correct',
        icon: FilePen,
        label: (row) => t('money.invoices.correctRow', { number: row.number }),
        available: (row) => row.series === 'FV',
        onClick: setCorrecting,
      },
      {
        key: 'pdf',
        icon: FileDown,
        label: (row) => t('money.invoices.download', { number: row.number }),
        download: (row) => api.invoicePdf(row.id),
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
        tools={mayIssue ? <IssueInvoiceDialog /> : undefined}
        actions={{ more }}
      />
      {correcting && <CorrectDialog invoice={correcting} onClose={() => setCorrecting(null)} />}
    </>
  );
}
