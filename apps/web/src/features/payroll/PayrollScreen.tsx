import { paidInput, type PayRow } from '@school/contract/pay';
import { api } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { EntityForm } from '../../components/form/EntityForm';
import type { FieldSpec } from '../../components/form/fields';
import { showNotice } from '../../components/feedback/notices';
import { HeaderBlock } from '../../components/HeaderBlock';
import layout from '../../components/layout.module.css';
import { LoadingState } from '../../components/LoadingState';
import { Modal } from '../../components/Modal';
import { PayLines } from '../../components/pay/PayLines';
import {
  currentMonth,
  formatDecimal,
  formatZl,
  payrollKey,
  today,
  usePayroll,
} from '../../components/pay/payMonth';
import pay from '../../components/pay/pay.module.css';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatMonth } from '../../lib/format';
import { request } from '../../lib/http';
import styles from './payroll.module.css';
import { MonthInput } from '../../components/form/MonthInput';

type Dialog = { kind: 'approve'; row: PayRow } | { kind: 'paid'; row: PayRow };

const PAID_FIELDS: readonly FieldSpec[] = [{ name: 'date', label: 'fields.date', kind: 'date' }];

/**
 * /payroll (docs/screens.md, Payroll; docs/money.md, Teachers' pay): a month's teachers with
 * lessons, hours, amount and state; a row opens its lines; Approve and Mark paid in in-app
 * dialogs; the month's CSV for the accountant. Admins and managers (docs/roles.md).
 */
export function PayrollScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const monthId = useId();
  const now = currentMonth();
  const [month, setMonth] = useState(now);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const rows = usePayroll(month);
  const headers = [
    t('payroll.teacher'),
    t('payroll.lessons'),
    t('payroll.hours'),
    t('fields.amount'),
    t('payroll.state'),
    t('payroll.actions'),
  ];
  const toggle = (teacher: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(teacher)) next.add(teacher);
      return next;
    });

  return (
    <>
      <HeaderBlock title={t('titles.payroll')} />
      <div className={`${controls.card} ${styles.card}`}>
        <div className={styles.toolbar}>
          <label htmlFor={monthId} className={styles.monthLabel}>
            {t('payroll.month')}
          </label>
          <MonthInput
            id={monthId}
            className={styles.month}
            value={month}
            max={now}
            onChange={(chosen) => {
              setMonth(chosen);
              setOpen(new Set());
            }}
          />
          <a
            className={controls.secondaryButton}
            href={api.payrollCsv(month)}
            download={`payroll-${month}.csv`}
          >
            {t('payroll.csv')}
          </a>
        </div>
        {month === now && <p className={styles.note}>{t('payroll.currentNote')}</p>}
        {rows.isError ? (
          <p className={styles.error} role="alert">
            {t('payroll.loadError')}{' '}
            <button type="button" className={styles.retry} onClick={() => void rows.refetch()}>
              {t('messages.retry')}
            </button>
          </p>
        ) : !rows.data ? (
          <LoadingState />
        ) : rows.data.length === 0 ? (
          <p className={pay.muted}>{t('payroll.empty', { month: formatMonth(month, lang) })}</p>
        ) : (
          <div
            className={pay.tableBox}
            role="region"
            aria-label={t('payroll.title', { month: formatMonth(month, lang) })}
            tabIndex={0}
          >
            <table className={pay.table}>
              <caption className={pay.caption}>
                {t('payroll.title', { month: formatMonth(month, lang) })}
              </caption>
              <thead>
                <tr>
                  {headers.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.data.map((row) => {
                  const expanded = open.has(row.teacher);
                  const linesId = `pay-lines-${row.teacher}`;
                  return (
                    <Fragment key={row.teacher}>
                      <tr>
                        <th scope="row" data-label={headers[0]}>
                          <button
                            type="button"
                            className={styles.expand}
                            aria-expanded={expanded}
                            aria-controls={expanded ? linesId : undefined}
                            onClick={() => toggle(row.teacher)}
                          >
                            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {row.name}
                          </button>
                        </th>
                        <td data-label={headers[1]} className={pay.number}>
                          {row.lessons}
                        </td>
                        <td data-label={headers[2]} className={pay.number}>
                          {formatDecimal(row.hours, lang)}
                        </td>
                        <td data-label={headers[3]} className={pay.number}>
                          {formatZl(row.amount, lang)}
                        </td>
                        <td data-label={headers[4]}>
                          <span className={styles[row.state]}>
                            {row.state === 'paid' && row.paidOn
                              ? t('payroll.paidOn', { date: formatDate(row.paidOn, lang) })
                              : t(`payroll.states.${row.state}`)}
                          </span>
                        </td>
                        <td data-label={headers[5]}>
                          {row.state === 'draft' && month < now && (
                            <button
                              type="button"
                              className={controls.button}
                              aria-label={`${t('payroll.approve')}: ${row.name}`}
                              onClick={() => setDialog({ kind: 'approve', row })}
                            >
                              {t('payroll.approve')}
                            </button>
                          )}
                          {row.state === 'approved' && (
                            <button
                              type="button"
                              className={controls.button}
                              aria-label={`${t('payroll.markPaid')}: ${row.name}`}
                              onClick={() => setDialog({ kind: 'paid', row })}
                            >
                              {t('payroll.markPaid')}
                            </button>
                          )}
                        </td>
                      </tr>
                      {expanded && (
                        <tr id={linesId}>
                          <td colSpan={headers.length} className={pay.whole}>
                            <PayLines
                              lines={row.lines}
                              label={t('payroll.linesOf', { name: row.name })}
                            />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {dialog?.kind === 'approve' && (
        <ApproveDialog row={dialog.row} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'paid' && <PaidDialog row={dialog.row} onClose={() => setDialog(null)} />}
    </>
  );
}

/** Approve: says what is frozen, then asks the server; its refusal stays in the dialog. */
function ApproveDialog({ row, onClose }: { row: PayRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const month = formatMonth(row.month, lang);
  const approve = useMutation({
    mutationFn: () => request(api.payrollApprove(row.month, row.teacher), { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payrollKey(row.month) });
      onClose();
      showNotice({ text: t('payroll.approved', { name: row.name, month }) });
    },
  });
  return (
    <Modal
      open
      role="alertdialog"
      title={t('payroll.approveTitle', { name: row.name, month })}
      onClose={onClose}
    >
      <p>
        {t('payroll.approveText', {
          amount: formatZl(row.amount, lang),
          count: row.lessons,
        })}
      </p>
      {approve.isError && (
        <p className={styles.error} role="alert">
          {approve.error.message}
        </p>
      )}
      <div className={layout.buttonRow}>
        <button
          type="button"
          className={controls.button}
          disabled={approve.isPending}
          onClick={() => approve.mutate()}
        >
          {approve.isPending && <Spinner />} {t('payroll.approve')}
        </button>
        <button type="button" className={controls.secondaryButton} onClick={onClose}>
          {t('payroll.cancel')}
        </button>
      </div>
    </Modal>
  );
}

/** Mark paid: the date it was paid (today unless changed). */
function PaidDialog({ row, onClose }: { row: PayRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const month = formatMonth(row.month, i18n.language);
  return (
    <Modal open title={t('payroll.paidTitle', { name: row.name, month })} onClose={onClose}>
      <EntityForm
        mode="create"
        schema={paidInput}
        fields={PAID_FIELDS}
        defaultValues={{ date: today() }}
        submitLabel={t('payroll.markPaid')}
        label={t('payroll.markPaid')}
        onSubmit={(body) =>
          request(api.payrollPaid(row.month, row.teacher), { method: 'POST', body })
        }
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: payrollKey(row.month) });
          onClose();
          showNotice({ text: t('payroll.paid', { name: row.name, month }) });
        }}
      />
    </Modal>
  );
}
