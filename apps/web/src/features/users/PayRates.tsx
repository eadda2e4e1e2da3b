import { PAY_RATE_KINDS, payRate, payRateInput, type PayRate } from '@school/contract/pay';
import { api } from '@school/contract/paths';
import type { User } from '@school/contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { showFailure, showNotice } from '../../components/feedback/notices';
import { EntityForm } from '../../components/form/EntityForm';
import type { FieldSpec } from '../../components/form/fields';
import { LoadingState } from '../../components/LoadingState';
import { rateText, today } from '../../components/pay/payMonth';
import { formatDate } from '../../lib/format';
import { request } from '../../lib/http';
import styles from './users.module.css';

const ratesKey = (id: number) => ['payrates', id] as const;

/**
 * A user's pay rates (docs/money.md, Teachers' pay), in the user's record for admins and
 * managers: the list, newest first, and a new rate from its start date. A rate is never
 * edited; one no approved month used may be deleted.
 */
export function PayRates({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const headingId = useId();
  const queryClient = useQueryClient();
  const rates = useQuery({
    queryKey: ratesKey(user.id),
    queryFn: ({ signal }) => request(api.payRates(user.id), { schema: z.array(payRate), signal }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ratesKey(user.id) });
    void queryClient.invalidateQueries({ queryKey: ['payroll'] });
  };
  const remove = useMutation({
    mutationFn: (rate: PayRate) => request(api.payRate(user.id, rate.id), { method: 'DELETE' }),
    onSuccess: () => {
      refresh();
      showNotice({ text: t('payroll.rateDeleted') });
    },
    onError: (error) => showFailure(error, t('payroll.ratesError')),
  });
  const fields: readonly FieldSpec[] = [
    {
      name: 'kind',
      label: 'fields.payKind',
      kind: 'select',
      required: true,
      options: PAY_RATE_KINDS.map((k) => ({ value: k, label: t(`payroll.kinds.${k}`) })),
    },
    { name: 'value', label: 'fields.rate', kind: 'decimal', required: true },
    { name: 'from', label: 'fields.from', kind: 'date', required: true },
  ];

  return (
    <section aria-labelledby={headingId} className={styles.payRates}>
      <h3 id={headingId}>{t('payroll.rates')}</h3>
      <p className={styles.roleNote}>{t('payroll.ratesIntro')}</p>
      {rates.isError ? (
        <p role="alert">
          {t('payroll.ratesError')}{' '}
          <button
            type="button"
            className={controls.secondaryButton}
            onClick={() => void rates.refetch()}
          >
            {t('messages.retry')}
          </button>
        </p>
      ) : !rates.data ? (
        <LoadingState />
      ) : rates.data.length === 0 ? (
        <p className={styles.roleNote}>{t('payroll.ratesEmpty')}</p>
      ) : (
        <ul className={styles.rateList} aria-label={t('payroll.rates')}>
          {rates.data.map((rate) => (
            <li key={rate.id}>
              <span>
                {t('payroll.from')} {formatDate(rate.from, lang)}:{' '}
                <strong>{rateText(rate, t, lang)}</strong>
                {rate.used && <span className={styles.roleNote}> ({t('payroll.rateUsed')})</span>}
              </span>
              {!rate.used && (
                <button
                  type="button"
                  className={controls.secondaryButton}
                  disabled={remove.isPending}
                  aria-label={`${t('payroll.deleteRate')}: ${rateText(rate, t, lang)}, ${formatDate(rate.from, lang)}`}
                  onClick={() => remove.mutate(rate)}
                >
                  {t('payroll.deleteRate')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <EntityForm
        mode="create"
        schema={payRateInput}
        fields={fields}
        defaultValues={{ kind: 'hour', value: '', from: today() }}
        submitLabel={t('payroll.addRate')}
        label={t('payroll.addRate')}
        onSubmit={(body) => request(api.payRates(user.id), { method: 'POST', body })}
        onSaved={() => {
          refresh();
          showNotice({ text: t('payroll.rateAdded') });
        }}
      >
        <p className={styles.roleNote}>{t('payroll.valueHint')}</p>
      </EntityForm>
    </section>
  );
}
