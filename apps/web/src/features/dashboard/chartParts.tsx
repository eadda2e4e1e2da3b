import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './DashboardScreen.module.css';

/** A column chart's drawing: 1 unit = 1 px of the box it fills (useChartWidth). */
export function ColumnChart(props: {
  boxRef: Ref<HTMLDivElement>;
  role: 'img' | 'group';
  label: string;
  width: number;
  height: number;
  children: ReactNode;
}) {
  const { boxRef, role, label, width, height, children } = props;
  return (
    <div ref={boxRef} className={styles.chartBox}>
      <svg
        role={role}
        aria-label={label}
        className={styles.chart}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        {children}
      </svg>
    </div>
  );
}

/** A column chart's baseline from `left` to `right`, its top value at `top` and 0 at `baseline`. */
export function ValueAxis(props: {
  left: number;
  right: number;
  top: number;
  baseline: number;
  topLabel: string;
  zeroLabel: string;
}) {
  const { left, right, top, baseline, topLabel, zeroLabel } = props;
  return (
    <>
      <line x1={left} x2={right} y1={baseline} y2={baseline} className={styles.axisLine} />
      {[
        { y: top, label: topLabel },
        { y: baseline, label: zeroLabel },
      ].map((tick) => (
        <text
          key={tick.y}
          x={left - 8}
          y={tick.y}
          textAnchor="end"
          dominantBaseline="central"
          className={styles.axisText}
        >
          {tick.label}
        </text>
      ))}
    </>
  );
}

/** What could not be loaded, said as an alert, with Try again (a panel of the dashboard). */
export function LoadError(props: {
  message: string;
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  const { t } = useTranslation();
  const { message, query } = props;
  return (
    <div className={styles.error}>
      <p role="alert">{message}</p>
      <button
        type="button"
        className={styles.retry}
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {t('messages.retry')}
      </button>
    </div>
  );
}
