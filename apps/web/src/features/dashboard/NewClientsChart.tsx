import type { Dashboard } from '@school/contract/clients';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDay } from './dashboardFormat';
import { ColumnChart, ValueAxis } from './chartParts';
import { useChartWidth } from './useChartWidth';
import styles from './DashboardScreen.module.css';

type Day = Dashboard['newClientsByDay'][number];

const FALLBACK_WIDTH = 560;
const HEIGHT = 180;
const AXIS_LEFT = 36;
const AXIS_BOTTOM = 24;
const TOP = 12;
const BAR_GAP = 3;

/**
 * New clients per day over the last 30 days (oldest first) as small columns, with the same
 * figures in a visually hidden table for screen readers.
 */
export function NewClientsChart({ days }: { days: readonly Day[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const { ref, width: chartWidth } = useChartWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const max = Math.max(0, ...days.map((day) => day.count));
  const plotHeight = HEIGHT - TOP - AXIS_BOTTOM;
  const slot = (chartWidth - AXIS_LEFT) / Math.max(1, days.length);
  const baseline = TOP + plotHeight;
  const first = days[0];
  const last = days.at(-1);
  const summary = t('dashboard.newClientsSummary', {
    total: formatCount(total, locale),
    max: formatCount(max, locale),
  });

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('dashboard.newClientsTitle')}
      </h2>
      <ColumnChart boxRef={ref} role="img" label={summary} width={chartWidth} height={HEIGHT}>
        <ValueAxis
          left={AXIS_LEFT}
          right={chartWidth}
          top={TOP}
          baseline={baseline}
          topLabel={formatCount(max, locale)}
          zeroLabel={formatCount(0, locale)}
        />
        {days.map((day, index) => {
          const height = max === 0 ? 0 : (day.count / max) * plotHeight;
          return (
            <rect
              key={day.date}
              x={AXIS_LEFT + index * slot + BAR_GAP / 2}
              y={baseline - height}
              width={Math.max(1, slot - BAR_GAP)}
              height={height}
              rx={2}
              className={styles.dayBar}
              data-date={day.date}
            >
              <title>
                {t('dashboard.byStageItem', {
                  name: formatDay(day.date, locale),
                  count: formatCount(day.count, locale),
                })}
              </title>
            </rect>
          );
        })}
        {first && (
          <text x={AXIS_LEFT} y={HEIGHT - 4} className={styles.axisText}>
            {formatDay(first.date, locale)}
          </text>
        )}
        {last && days.length > 1 && (
          <text x={chartWidth} y={HEIGHT - 4} textAnchor="end" className={styles.axisText}>
            {formatDay(last.date, locale)}
          </text>
        )}
      </ColumnChart>
      {/* Wrapped: a table ignores the 1px height, so hidden it would still stretch the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('dashboard.newClientsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.day')}</th>
              <th scope="col">{t('dashboard.newClients')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{formatDay(day.date, locale)}</time>
                </th>
                <td>{formatCount(day.count, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
