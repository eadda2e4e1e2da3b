import { invoiceRow } from '@school/contract/invoices';
import { api, withQuery } from '@school/contract/paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { showNotice } from '../../components/feedback/notices';
import { Spinner } from '../../components/Spinner';
import { useMayDo } from '../../lib/access';
import { request } from '../../lib/http';
import own from './Account.module.css';

/** This month of the browser's calendar, YYYY-MM. */
const thisMonth = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

/** The month before `month` (YYYY-MM). */
function monthBefore(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The student's documents in the Account section (docs/screens.md, Student): a month, last month
 * at first, and Download statement, the month's statement as PDF in the user's language
 * (docs/money.md, Statements). Only for a role that reads statements.
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
    request(api.invoices, {
      method: 'POST',
      body: { student: studentId, month },
      schema: invoiceRow,
    })
      .then(
        (made) => showNotice({ text: t('account.invoiceIssued', { number: made.number }) }),
        (error: unknown) =>
          showNotice({
            text: error instanceof Error ? error.message : String(error),
            tone: 'error',
          }),
      )
      .finally(() => setIssuing(false));
  };
  const href = withQuery(api.studentStatement(studentId), { month, lang: i18n.language });
  return (
    <div className={own.documents}>
      <label htmlFor={monthId}>{t('account.statementMonth')}</label>
      <input
        id={monthId}
        type="month"
        className={controls.input}
        value={month}
        max={now}
        required
        onChange={(e) => {
          // a cleared or half-typed month keeps the last one chosen
          if (/^\d{4}-\d{2}$/.test(e.target.value) && e.target.value <= now) {
            setMonth(e.target.value);
          }
        }}
      />
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
