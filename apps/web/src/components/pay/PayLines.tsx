import type { PayLine } from '@school/contract/pay';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { ScrollingTable } from '../list/ScrollingTable';
import { formatMonth } from '../../lib/format';
import { formatDecimal, formatZl, rateText } from './payMonth';
import styles from './pay.module.css';

/**
 * A month's pay lesson by lesson (docs/money.md, Teachers' pay): date, lesson, hours, rate and
 * amount; a correction of an earlier approved month says so and which month.
 */
export function PayLines({ lines, label }: { lines: readonly PayLine[]; label: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (lines.length === 0) return <p className={styles.muted}>{t('payroll.noLines')}</p>;
  const headers = [
    t('fields.date'),
    t('payroll.lesson'),
    t('payroll.hours'),
    t('payroll.rate'),
    t('fields.amount'),
  ];
  return (
    <ScrollingTable
      label={label}
      caption={t('payroll.lineCount', { count: lines.length })}
      headers={headers}
      classes={styles}
    >
      {lines.map((line) => {
        const name = line.name || t('payroll.unnamedLesson');
        return (
          <tr
            key={`${line.correction ? 'c' : 'l'}${line.lesson}`}
            className={line.correction ? styles.correction : undefined}
          >
            <th scope="row" data-label={headers[0]}>
              {formatDate(line.date, lang)} {line.start}–{line.end}
            </th>
            <td data-label={headers[1]}>
              {line.correction
                ? t('payroll.correctionOf', {
                    name,
                    month: formatMonth(line.correctsMonth ?? line.date.slice(0, 7), lang),
                  })
                : name}
            </td>
            <td data-label={headers[2]} className={styles.number}>
              {line.correction ? '' : formatDecimal(line.hours, lang)}
            </td>
            <td data-label={headers[3]}>{rateText(line, t, lang)}</td>
            <td data-label={headers[4]} className={styles.number}>
              {formatZl(line.amount, lang)}
            </td>
          </tr>
        );
      })}
    </ScrollingTable>
  );
}
