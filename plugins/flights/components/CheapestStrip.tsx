/**
 * The cheapest-booking summary: the lowest price per day around the searched date, in the list's price mode,
 * in K units (fareDisplay); a day without a price above 0 is not shown. Choosing a day searches that day.
 */
import { Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CheapestBookingDay } from '../../../contract/flights';
import { formatNumber } from '../../../src/sdk';
import { DATE_FORMAT } from '../model';

export const dayOf = (d: CheapestBookingDay): string => dayjs(new Date(d.year, d.month - 1, d.day)).format(DATE_FORMAT);

export interface CheapestStripProps {
  days: readonly CheapestBookingDay[];
  route: string;
  date: string;
  today: string;
  loading: boolean;
  onPick: (date: string) => void;
}

export function CheapestStrip({ days, route, date, today, loading, onPick }: CheapestStripProps) {
  const { t } = useTranslation();
  const list = days.filter((d) => d.route === route && d.fareAmount > 0).map((d) => ({ date: dayOf(d), d })).sort((a, b) => (a.date < b.date ? -1 : 1));
  const lowest = list.length ? Math.min(...list.map((x) => x.d.fareAmount)) : 0;
  if (loading && !list.length) return <Skeleton.Input active block className="fl-cheapest-skeleton" />;
  if (!list.length) return null;
  return (
    <nav className="fl-cheapest" aria-label={t('flights.results.cheapest')} data-testid="cheapest-strip">
      {list.map(({ date: day, d }) => (
        <button
          key={day}
          type="button"
          className={`fl-cheapest-day${day === date ? ' is-current' : ''}${d.fareAmount === lowest ? ' is-lowest' : ''}`}
          disabled={day < today}
          aria-current={day === date ? 'date' : undefined}
          data-date={day}
          onClick={() => day !== date && onPick(day)}
        >
          <span className="fl-cheapest-date">{dayjs(day).format('dd DD/MM')}</span>
          <strong className="fl-cheapest-fare">{formatNumber(d.fareDisplay)}K</strong>
        </button>
      ))}
    </nav>
  );
}
