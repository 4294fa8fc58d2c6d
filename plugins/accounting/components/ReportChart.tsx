/**
 * The chart of a report (sales per day, debit by sub-agency, income by airline): a recharts bar chart over the
 * report's chart points, negative values below the zero line in red, a tooltip with the amount in đồng, and the
 * same points as a visually hidden list for screen readers. Loaded lazily by ReportScreen, so recharts travels
 * in this chunk only and no other page carries it.
 */
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatVnd } from '../../../src/sdk';

const HEIGHT = 220;
const BLUE = '#0c66e1';
const RED = '#ec2029';

const isDay = (key: string) => /^\d{4}-\d{2}-\d{2}$/.test(key);
/** A day shows its day of month; an agency code its last part; at most 8 characters under a bar. */
const shortKey = (key: string) => (isDay(key) ? key.slice(8) : (key.split('-').pop() ?? key).slice(0, 8));
/** The axis in short amounts (1,2 Tr, 350 N): the exact amount is in the tooltip. */
const compact = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

export default function ReportChart({ points, loading }: { points: readonly { key: string; value: number }[]; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (points.every((p) => p.value === 0)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accounting.reports.noChart')} />;
  const data = points.map((p) => ({ key: p.key, value: p.value }));
  const label = (key: string) => (isDay(key) ? formatDate(key) : key);
  return (
    <div className="report-chart-box" role="img" aria-label={t('accounting.reports.chartLabel', { count: data.length })} data-testid="report-chart">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="key" tickFormatter={shortKey} interval="preserveStartEnd" tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={(v: number) => compact.format(v)} width={56} tick={{ fontSize: 11 }} />
          <ReferenceLine y={0} stroke="#8c8c8c" />
          <Tooltip
            formatter={(v) => [formatVnd(Number(v)), t('accounting.reports.chartValue')]}
            labelFormatter={(k) => label(String(k))}
            cursor={{ fill: 'rgba(12, 102, 225, 0.08)' }}
          />
          <Bar dataKey="value" maxBarSize={40} radius={[3, 3, 0, 0]} isAnimationActive={false}>
            {data.map((p) => (
              <Cell key={p.key} fill={p.value < 0 ? RED : BLUE} className={p.value < 0 ? 'report-bar report-bar-negative' : 'report-bar'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <ul className="report-chart-values" data-testid="report-chart-values">
        {data.map((p) => (
          <li key={p.key} data-key={p.key} data-value={p.value}>{`${label(p.key)}: ${formatVnd(p.value)}`}</li>
        ))}
      </ul>
    </div>
  );
}
