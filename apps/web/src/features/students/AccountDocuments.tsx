import { api, withQuery } from '@school/contract/paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { showFailure, showNotice } from '../../components/feedback/notices';
import {
  invoiceRefusal,
  issueInvoice,
  monthBefore,
  thisMonth,
} from '../../components/invoices/issueInvoice';
import { Spinner } from '../../components/Spinner';
import { useMayDo } from '../../lib/access';
import own from './Account.module.css';
import { MonthInput } from '../../components/form/MonthInput';

/**
 * The student's documents in the Account section (docs/screens.md, Student): a month, last month
 * at first, and Download statement, the month's statement as PDF in the user's language
 * (docs/money.md, Statements), and for a role that issues invoices Issue invoice for the month,
 * its number or why not in a notice (docs/money.md, Invoices). Only for a role that reads
 * statements.
 */
export function AccountDocuments({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation();
  const monthId = useId();
  const now = thisMonth();
  const [month, setMonth] = useState(() => monthBefore(now));
  const mayRead = useMayDo('statements', 'read');
  const mayIssue = useMayDo('invoices', 'create');
  const [issuing, setIssuing] = useState(false);
  if (!mayRead) return null;
  // an invoice of the month (docs/money.md, Invoices): its number, or why not, in a notice
  const issue = () => {
    setIssuing(true);
    issueInvoice(studentId, month)
      .then(
        (made) => showNotice({ text: t('account.invoiceIssued', { number: made.number }) }),
        (error: unknown) => {
          const refusal = invoiceRefusal(error);
          if (refusal === null) showFailure(error, t('messages.error'));
          else
            showNotice({
              text:
                'exists' in refusal
                  ? t('account.invoiceExists', { number: refusal.exists })
                  : t('account.invoiceRefused', { reason: refusal.reason }),
              tone: 'error',
            });
        },
      )
      .finally(() => setIssuing(false));
  };
  const href = withQuery(api.studentStatement(studentId), { month, lang: i18n.language });
  return (
    <div className={own.documents}>
      <label htmlFor={monthId}>{t('account.statementMonth')}</label>
      <MonthInput id={monthId} value={month} max={now} onChange={setMonth} />
      <a className={controls.secondaryButton} href={href} download>
        {t('account.downloadStatement')}
      </a>
      {mayIssue && (
        <button
          type="button"
          className={controls.secondaryButton}
          onClick={issue}
          disabled={issuing}
          aria-busy={issuing}
        >
          {issuing && <Spinner />}
          {t('account.issueInvoice')}
        </button>
      )}
    </div>
  );
}
