import type { StageSummary } from '@school/contract/clients';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@school/contract/paths';
import { useLookupNames } from '../../components/lookups';
import { formatMoney } from '../../lib/format';
import { formatCount, formatList } from './dashboardFormat';
import { useChartWidth } from './useChartWidth';
import styles from './DashboardScreen.module.css';

const FALLBACK_WIDTH = 560;
const ROW_HEIGHT = 36;
const BAR_HEIGHT = 22;
const LABEL_WIDTH = 150;
const VALUE_ROOM = 64;
const MAX_LABEL_CHARS = 20;

function shortLabel(name: string): string {
  return name.length > MAX_LABEL_CHARS ? `${name.slice(0, MAX_LABEL_CHARS - 1)}…` : name;
}

/**
 * Clients per stage as horizontal bars in the stage colours. The picture is one image with a
 * summary for screen readers, and a visually hidden table carries the same figures.
 */
export function StageBarChart({ byStage }: { byStage: readonly StageSummary[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const stageName = useLookupNames(api.lookup('stages'));
  const { ref, width: chartWidth } = useChartWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const max = Math.max(0, ...byStage.map((stage) => stage.count));
  const barRoom = Math.max(40, chartWidth - LABEL_WIDTH - VALUE_ROOM);
  const height = Math.max(1, byStage.length) * ROW_HEIGHT;
  const summary = t('dashboard.byStageSummary', {
    list: formatList(
      byStage.map((stage) =>
        t('dashboard.byStageItem', {
          name: stageName(stage),
          count: formatCount(stage.count, locale),
        }),
      ),
      locale,
    ),
  });

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('dashboard.byStageTitle')}
      </h2>
      <div ref={ref} className={styles.chartBox}>
        {byStage.length === 0 && <p className={styles.muted}>{t('messages.emptyList')}</p>}
        {byStage.length > 0 && (
          <svg
            role="img"
            aria-label={summary}
            className={styles.chart}
            width={chartWidth}
            height={height}
            viewBox={`0 0 ${chartWidth} ${height}`}
          >
            {byStage.map((stage, index) => {
              const y = index * ROW_HEIGHT + (ROW_HEIGHT - BAR_HEIGHT) / 2;
              const width = max === 0 ? 0 : (stage.count / max) * barRoom;
              const middle = y + BAR_HEIGHT / 2;
              return (
                <g key={stage.id}>
                  <text
                    x={LABEL_WIDTH - 12}
                    y={middle}
                    textAnchor="end"
                    dominantBaseline="central"
                    className={styles.axisText}
                  >
                    {shortLabel(stageName(stage))}
                  </text>
                  <rect
                    x={LABEL_WIDTH}
                    y={y}
                    width={stage.count > 0 ? Math.max(width, 3) : 0}
                    height={BAR_HEIGHT}
                    rx={4}
                    fill={stage.color}
                    data-stage={stage.id}
                  />
                  <text
                    x={LABEL_WIDTH + width + 8}
                    y={middle}
                    dominantBaseline="central"
                    className={styles.valueText}
                  >
                    {formatCount(stage.count, locale)}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </div>
      {byStage.length > 0 && (
        // Wrapped: a table ignores the 1px height, so hidden it would still stretch the page.
        <div className="visually-hidden">
          <table>
            <caption>{t('dashboard.byStageTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.stage')}</th>
                <th scope="col">{t('dashboard.clients')}</th>
                <th scope="col">{t('dashboard.sum')}</th>
              </tr>
            </thead>
            <tbody>
              {byStage.map((stage) => (
                <tr key={stage.id}>
                  <th scope="row">{stageName(stage)}</th>
                  <td>{formatCount(stage.count, locale)}</td>
                  <td>{formatMoney(stage.sum, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
