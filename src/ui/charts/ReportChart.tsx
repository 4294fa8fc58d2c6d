/**
 * The chart of a report (sales per day, debit by sub-agency, income by airline, the booking reports' groups): a
 * recharts bar chart over the report's chart points, negative values below the zero line in red, a tooltip with
 * the amount in đồng (or the count), and the same points as a visually hidden list for screen readers. Offered
 * lazily by the sdk (`ReportChart`), so recharts travels in this chunk only and no other page carries it.
 */
import { Empty, Skeleton } from 'antd';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatVnd } from '../../i18n/format';
import './report-chart.css';

const HEIGHT = 220;
const BLUE = '#0c66e1';
const RED = '#ec2029';

const isDay = (key: string) => /^\d{4}-\d{2}-\d{2}$/.test(key);
/** A day shows its day of month; an agency code its last part; at most 8 characters under a bar. */
const shortKey = (key: string) => (isDay(key) ? key.slice(8) : (key.split('-').pop() ?? key).slice(0, 8));
/** The axis in short amounts (1,2 Tr, 350 N): the exact amount is in the tooltip. */
const compact = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

export interface ReportChartProps {
  points: readonly { key: string; value: number }[];
  loading: boolean;
  /** What the values are: amounts in đồng (default) or counts. */
  kind?: 'money' | 'count';
  /** The words of the screen: no data, the tooltip's value name, the chart's accessible name (with {{count}} bars filled in by the caller). */
  emptyText: string;
  valueLabel: string;
  ariaLabel: string;
  /** The short text under a bar (default: a day's day of month, an agency code's last part, 8 characters at most). */
  shortLabel?: (key: string) => string;
}

const countFormat = new Intl.NumberFormat('vi-VN');

export default function ReportChart({ points, loading, kind = 'money', emptyText, valueLabel, ariaLabel, shortLabel = shortKey }: ReportChartProps) {
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (points.every((p) => p.value === 0)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  const format = (v: number) => (kind === 'money' ? formatVnd(v) : countFormat.format(v));
  const data = points.map((p) => ({ key: p.key, value: p.value }));
  const label = (key: string) => (isDay(key) ? formatDate(key) : key);
  return (
    <div className="report-chart-box" role="img" aria-label={ariaLabel} data-testid="report-chart">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="key" tickFormatter={shortLabel} interval="preserveStartEnd" tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={(v: number) => compact.format(v)} width={56} tick={{ fontSize: 11 }} />
          <ReferenceLine y={0} stroke="#8c8c8c" />
          <Tooltip
            formatter={(v) => [format(Number(v)), valueLabel]}
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
          <li key={p.key} data-key={p.key} data-value={p.value}>{`${label(p.key)}: ${format(p.value)}`}</li>
        ))}
      </ul>
    </div>
  );
}
