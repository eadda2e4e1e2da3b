import type { MoneyReportMonth } from '@school/contract/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { formatMoneyShort, formatMonth } from './dashboardFormat';
import { ColumnChart, ValueAxis } from './chartParts';
import { useChartWidth } from './useChartWidth';
import styles from './DashboardScreen.module.css';

const FALLBACK_WIDTH = 560;
const HEIGHT = 200;
const AXIS_LEFT = 76;
const AXIS_BOTTOM = 24;
const TOP = 12;
/** A month's label needs this much room; narrower months label every second or third one. */
const LABEL_ROOM = 40;

/**
 * Charged against received per month (docs/money.md, The monthly report) as two columns a
 * month: charged solid, received striped, named by a legend. Each month is one stop of the
 * keyboard whose name says both amounts, shown above the chart while it has focus or the
 * pointer; a visually hidden table carries the same figures.
 */
export function MoneyChart({ months }: { months: readonly MoneyReportMonth[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  // an SVG reference (url(#...)) takes letters, digits, - and _ only
  const stripesId = `stripes-${headingId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { ref, width: chartWidth } = useChartWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const [active, setActive] = useState<number | null>(null);
  const max = Math.max(0, ...months.flatMap((m) => [m.charged, m.received]));
  const plotHeight = HEIGHT - TOP - AXIS_BOTTOM;
  const baseline = TOP + plotHeight;
  const slot = (chartWidth - AXIS_LEFT) / Math.max(1, months.length);
  const gap = Math.max(1, slot * 0.06);
  const barWidth = Math.max(2, (slot * 0.72 - gap) / 2);
  const labelEvery = Math.max(1, Math.ceil(LABEL_ROOM / slot));
  const heightOf = (amount: number) => (max <= 0 ? 0 : (Math.max(0, amount) / max) * plotHeight);
  const money = (amount: number) => formatMoney(amount, locale);
  const monthName = (month: MoneyReportMonth) => formatMonth(month.month, locale, 'long');
  const label = (month: MoneyReportMonth) =>
    t('dashboard.moneyMonth', {
      month: monthName(month),
      charged: money(month.charged),
      received: money(month.received),
    });
  const first = months[0];
  const last = months.at(-1);
  const summary = t('dashboard.moneyChartSummary', {
    from: first ? monthName(first) : '',
    to: last ? monthName(last) : '',
    charged: money(months.reduce((sum, m) => sum + m.charged, 0)),
    received: money(months.reduce((sum, m) => sum + m.received, 0)),
  });
  const shown = active === null ? undefined : months[active];

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.panelTitle}>
        {t('dashboard.moneyChartTitle')}
      </h3>
      <ul className={styles.legend}>
        <li>
          <span className={`${styles.swatch} ${styles.chargedSwatch}`} aria-hidden="true" />
          {t('dashboard.charged')}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.receivedSwatch}`} aria-hidden="true" />
          {t('dashboard.received')}
        </li>
      </ul>
      {/* what the month in focus or under the pointer holds; its name says it to screen readers */}
      <p className={styles.readout} aria-hidden="true">
        {shown ? label(shown) : ' '}
      </p>
      <ColumnChart boxRef={ref} role="group" label={summary} width={chartWidth} height={HEIGHT}>
        <defs>
          <pattern
            id={stripesId}
            width={6}
            height={6}
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width={6} height={6} className={styles.receivedFill} />
            <line x1={0} y1={0} x2={0} y2={6} className={styles.receivedStripe} />
          </pattern>
        </defs>
        <ValueAxis
          left={AXIS_LEFT}
          right={chartWidth}
          top={TOP}
          baseline={baseline}
          topLabel={formatMoneyShort(max, locale)}
          zeroLabel={formatMoneyShort(0, locale)}
        />
        {months.map((month, index) => {
          const left = AXIS_LEFT + index * slot + (slot - 2 * barWidth - gap) / 2;
          const charged = heightOf(month.charged);
          const received = heightOf(month.received);
          return (
            <g
              key={month.month}
              // a stop of the keyboard per month (docs/interface.md): its name is both amounts
              tabIndex={0}
              role="img"
              aria-label={label(month)}
              className={styles.monthBars}
              data-month={month.month}
              onFocus={() => setActive(index)}
              onBlur={() => setActive(null)}
              onMouseEnter={() => setActive(index)}
              onMouseLeave={() => setActive(null)}
            >
              <title>{label(month)}</title>
              {/* the whole slot answers the pointer, also where a month has no bars */}
              <rect
                x={AXIS_LEFT + index * slot}
                y={TOP}
                width={slot}
                height={plotHeight}
                className={styles.monthSlot}
              />
              <rect
                x={left}
                y={baseline - charged}
                width={barWidth}
                height={charged}
                rx={2}
                className={styles.chargedBar}
                data-series="charged"
              />
              <rect
                x={left + barWidth + gap}
                y={baseline - received}
                width={barWidth}
                height={received}
                rx={2}
                fill={`url(#${stripesId})`}
                className={styles.receivedBar}
                data-series="received"
              />
              {(months.length - 1 - index) % labelEvery === 0 && (
                <text
                  x={AXIS_LEFT + index * slot + slot / 2}
                  y={HEIGHT - 4}
                  textAnchor="middle"
                  className={styles.axisText}
                >
                  {formatMonth(month.month, locale, 'short')}
                </text>
              )}
            </g>
          );
        })}
      </ColumnChart>
      {/* Wrapped: a table ignores the 1px height, so hidden it would still stretch the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('dashboard.moneyChartTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.month')}</th>
              <th scope="col">{t('dashboard.charged')}</th>
              <th scope="col">{t('dashboard.received')}</th>
              <th scope="col">{t('dashboard.outstanding')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthName(month)}</th>
                <td>{money(month.charged)}</td>
                <td>{money(month.received)}</td>
                <td>{money(month.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
