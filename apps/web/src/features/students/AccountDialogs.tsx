import {
  adjustmentInput,
  paymentInput,
  PAYMENT_METHODS,
  type Payment,
} from '@school/contract/money';
import { api } from '@school/contract/paths';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/feedback/notices';
import { EntityForm } from '../../components/form/EntityForm';
import type { FieldSpec, FormValues } from '../../components/form/fields';
import { Modal } from '../../components/Modal';
import { VoidPaymentDialog } from '../../components/money/VoidPaymentDialog';
import { request } from '../../lib/http';

/** Which money dialog is open: a payment, an adjustment, or the void of a payment. */
export type MoneyDialog = { kind: 'pay' } | { kind: 'adjust' } | { kind: 'void'; payment: Payment };

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the browser's calendar: a payment or an adjustment is dated today unless changed. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// The student is the page's; the form holds what the user types (docs/money.md, Payments).
const PAY_SCHEMA = paymentInput.pick({ amount: true, date: true, method: true, reference: true });
const ADJUST_SCHEMA = adjustmentInput.pick({ amount: true, date: true, reason: true });

interface Props {
  dialog: MoneyDialog;
  studentId: number;
  studentName: string;
  /** what is due now: a payment's amount starts there */
  due: number;
  onClose: () => void;
  /** after a save: the account, the ledger and the participations are read again */
  onSaved: () => void;
}

/**
 * Record a payment, void one with a reason, or adjust the account (docs/money.md): an in-app
 * dialog over the form kit, so a save shows the spinner, a 400 names its field, and the dialog
 * closes with a notice once the server took it (docs/interface.md).
 */
export function AccountDialog({ dialog, studentId, studentName, due, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const done = (text: string) => () => {
    onSaved();
    onClose();
    showNotice({ text });
  };
  const post = (path: string, body: FormValues) => request(path, { method: 'POST', body });

  if (dialog.kind === 'void') {
    return <VoidPaymentDialog payment={dialog.payment} onClose={onClose} onSaved={onSaved} />;
  }

  if (dialog.kind === 'pay') {
    const fields: readonly FieldSpec[] = [
      { name: 'amount', label: 'fields.amount', kind: 'decimal' },
      { name: 'date', label: 'fields.date', kind: 'date' },
      {
        name: 'method',
        label: 'fields.method',
        kind: 'select',
        options: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`account.methods.${m}`) })),
      },
      { name: 'reference', label: 'fields.reference' },
    ];
    return (
      <Modal open title={t('account.payTitle', { name: studentName })} onClose={onClose}>
        <EntityForm
          mode="create"
          schema={PAY_SCHEMA}
          fields={fields}
          defaultValues={{
            amount: due > 0 ? due.toFixed(2) : '',
            date: today(),
            method: 'cash',
            reference: '',
          }}
          submitLabel={t('account.save')}
          label={t('account.pay')}
          onSubmit={(body) => post(api.payments, { ...body, student: studentId })}
          onSaved={done(t('account.paid'))}
        />
      </Modal>
    );
  }

  const fields: readonly FieldSpec[] = [
    { name: 'amount', label: 'fields.amount', kind: 'signedDecimal' },
    { name: 'date', label: 'fields.date', kind: 'date' },
    { name: 'reason', label: 'fields.reason', wide: true },
  ];
  return (
    <Modal open title={t('account.adjustTitle', { name: studentName })} onClose={onClose}>
      <EntityForm
        mode="create"
        schema={ADJUST_SCHEMA}
        fields={fields}
        defaultValues={{ amount: '', date: today(), reason: '' }}
        submitLabel={t('account.save')}
        label={t('account.adjust')}
        onSubmit={(body) => post(api.adjustments, { ...body, student: studentId })}
        onSaved={done(t('account.adjusted'))}
      >
        <p>{t('account.adjustHint')}</p>
      </EntityForm>
    </Modal>
  );
}
