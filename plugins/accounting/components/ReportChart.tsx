/**
 * The chart of a report (sales per day, debit by sub-agency, income by airline): bars over the report's chart
 * points, negative values below the zero line, each bar labelled and titled with its amount. Loaded lazily
 * by ReportScreen, so no other page carries it.
 */
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../src/sdk';
import { chartBars } from '../model/reports';

const HEIGHT = 180;

/** A day shows its day of month; an agency code its last part; at most 8 characters under a bar. */
const shortKey = (key: string) => (/^\d{4}-\d{2}-\d{2}$/.test(key) ? key.slice(8) : (key.split('-').pop() ?? key).slice(0, 8));
const BAR = 40;
const GAP = 12;

export default function ReportChart({ points, loading }: { points: readonly { key: string; value: number }[]; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (points.every((p) => p.value === 0)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accounting.reports.noChart')} />;
  const { bars, zero } = chartBars(points);
  const width = bars.length * (BAR + GAP) + GAP;
  const y = (v: number) => (v / 100) * HEIGHT;
  return (
    <div className="report-chart-scroll">
      <svg
        role="img"
        aria-label={t('accounting.reports.chartLabel', { count: bars.length })}
        data-testid="report-chart"
        width={width}
        height={HEIGHT + 40}
        viewBox={`0 0 ${width} ${HEIGHT + 40}`}
      >
        <line x1={0} x2={width} y1={y(zero) + 4} y2={y(zero) + 4} className="report-chart-axis" />
        {bars.map((b, i) => (
          <g key={b.key} transform={`translate(${GAP + i * (BAR + GAP)}, 4)`}>
            <title>{`${b.key}: ${formatVnd(b.value)}`}</title>
            <rect x={0} y={y(b.y)} width={BAR} height={Math.max(1, y(b.height))} rx={3} className={b.negative ? 'report-bar report-bar-negative' : 'report-bar'} />
            <text x={BAR / 2} y={HEIGHT + 20} textAnchor="middle" className="report-chart-key">
              {shortKey(b.key)}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
