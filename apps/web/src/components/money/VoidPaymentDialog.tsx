import { voidInput, type Payment } from '@school/contract/money';
import { api } from '@school/contract/paths';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format';
import { request } from '../../lib/http';
import { showNotice } from '../feedback/notices';
import { EntityForm } from '../form/EntityForm';
import type { FieldSpec } from '../form/fields';
import { Modal } from '../Modal';

const VOID_FIELDS: readonly FieldSpec[] = [{ name: 'reason', label: 'fields.reason', wide: true }];

/**
 * Void a payment with a reason (docs/money.md, Voiding): the student's account and the payments
 * screen alike (its texts are the account's, `account.void*`). It closes with a notice once the server took it; `onSaved` reads again what
 * the void changed.
 */
export function VoidPaymentDialog({
  payment,
  onClose,
  onSaved,
}: {
  payment: Payment;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open
      title={t('account.voidTitle', {
        amount: formatMoney(payment.amount, i18n.language),
        date: formatDate(payment.date, i18n.language),
      })}
      onClose={onClose}
    >
      <EntityForm
        mode="create"
        schema={voidInput}
        fields={VOID_FIELDS}
        defaultValues={{ reason: '' }}
        submitLabel={t('account.voidConfirm')}
        label={t('account.void')}
        onSubmit={(body) => request(api.paymentVoid(payment.id), { method: 'POST', body })}
        onSaved={() => {
          onSaved();
          onClose();
          showNotice({ text: t('account.voidDone') });
        }}
      />
    </Modal>
  );
}
