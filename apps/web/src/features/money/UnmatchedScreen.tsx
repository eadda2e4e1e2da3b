import type { BankRow } from '@school/contract/bank-import';
import { api, withQuery } from '@school/contract/paths';
import { useQueryClient } from '@tanstack/react-query';
import { ArchiveX, UserCheck } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure, showNotice } from '../../components/feedback/notices';
import { undoDelayMs } from '../../components/feedback/pendingCommits';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column, RowAction } from '../../components/list/types';
import { Modal } from '../../components/Modal';
import { PickControls } from '../../components/PickForm';
import { formatDate, formatMoney } from '../../lib/format';
import { request } from '../../lib/http';
import { unmatchedResource } from './bankApi';
import { refreshMoney } from './moneyApi';
import styles from './Money.module.css';

const STUDENTS_URL = withQuery(api.students, { sort: 'surname', limit: 5000 });

function useUnmatchedColumns(): readonly Column<BankRow>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'bookedOn',
        label: 'fields.date',
        whole: true,
        value: (row) => formatDate(row.bookedOn, i18n.language),
      },
      {
        key: 'amount',
        label: 'fields.amount',
        align: 'end',
        whole: true,
        value: (row) => formatMoney(row.amount, i18n.language),
      },
      { key: 'title', label: 'money.columns.title', value: (row) => row.title },
      { key: 'counterparty', label: 'money.columns.sender', value: (row) => row.counterparty },
      {
        key: 'suggestion',
        label: 'money.columns.suggestion',
        // the whole text, what they owe too: the column's width, and what a cut cell shows
        value: (row) =>
          row.suggestion
            ? `${row.suggestion.name} ${t('money.bank.owes', { amount: formatMoney(row.suggestion.due, i18n.language) })}`
            : t('money.bank.noSuggestion'),
        csv: (row) => row.suggestion?.name ?? '',
        render: (row) =>
          row.suggestion ? (
            <span>
              {row.suggestion.name}{' '}
              <span className={styles.muted}>
                {t('money.bank.owes', { amount: formatMoney(row.suggestion.due, i18n.language) })}
              </span>
            </span>
          ) : (
            <span className={styles.muted}>{t('money.bank.noSuggestion')}</span>
          ),
      },
    ],
    [t, i18n.language],
  );
}

/** The student picker of a transfer: the suggested student chosen at first. */
function AssignDialog({
  row,
  onClose,
  onDone,
}: {
  row: BankRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [student, setStudent] = useState(row.suggestion ? String(row.suggestion.id) : '');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!student) return;
    setBusy(true);
    try {
      const done = await request(api.unmatchedAssign(row.id), {
        method: 'POST',
        body: { student: Number(student) },
      });
      const name = (done as { studentName?: string } | undefined)?.studentName ?? '';
      showNotice({ text: t('money.bank.assigned', { name }) });
      onDone();
      onClose();
    } catch (error) {
      showFailure(error, t('messages.error'));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('money.bank.assignTitle', {
        amount: formatMoney(row.amount, i18n.language),
        date: formatDate(row.bookedOn, i18n.language),
      })}
      onClose={onClose}
    >
      <p>{row.title}</p>
      <form onSubmit={(event) => void submit(event)}>
        <PickControls
          id={id}
          label={t('money.bank.student')}
          name="student"
          url={STUDENTS_URL}
          value={student}
          onChange={setStudent}
          submitLabel={t('money.bank.assign')}
          busy={busy}
        />
      </form>
    </Modal>
  );
}

/**
 * /payments/unmatched (docs/money.md, Bank statements): the statements' transfers no reference
 * matched, each with the student suggested, assigned with a student picker or dismissed with
 * Undo.
 */
export function UnmatchedScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState<BankRow | null>(null);
  const refresh = () => refreshMoney(queryClient);
  const dismiss = async (row: BankRow) => {
    try {
      await request(api.unmatchedDismiss(row.id), { method: 'POST' });
    } catch (error) {
      showFailure(error, t('messages.error'));
      return;
    } finally {
      refresh();
    }
    showNotice({
      text: t('money.bank.dismissed', { amount: formatMoney(row.amount, i18n.language) }),
      durationMs: undoDelayMs(),
      action: {
        label: t('notices.undo'),
        run: () =>
          void request(api.unmatchedRestore(row.id), { method: 'POST' })
            .catch((error: unknown) => showFailure(error, t('messages.error')))
            .finally(refresh),
      },
    });
  };
  const more: readonly RowAction<BankRow>[] = [
    {
      key: 'assign',
      icon: UserCheck,
      label: (row) =>
        t('money.bank.assignTitle', {
          amount: formatMoney(row.amount, i18n.language),
          date: formatDate(row.bookedOn, i18n.language),
        }),
      onClick: setAssigning,
    },
    {
      key: 'dismiss',
      icon: ArchiveX,
      variant: 'danger',
      label: (row) => t('money.bank.dismiss', { amount: formatMoney(row.amount, i18n.language) }),
      onClick: (row) => void dismiss(row),
    },
  ];
  return (
    <>
      <ListScreen
        title={t('titles.unmatched')}
        caption={t('money.unmatchedCaption')}
        fileName="unmatched-transfers"
        resource={unmatchedResource}
        columns={useUnmatchedColumns()}
        actions={{ more }}
      />
      {assigning && (
        <AssignDialog row={assigning} onClose={() => setAssigning(null)} onDone={refresh} />
      )}
    </>
  );
}
