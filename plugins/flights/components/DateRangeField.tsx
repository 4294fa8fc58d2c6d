/**
 * The date-range picker of the search panel: a departure field, a return field (round trip) and a calendar
 * of two months. Every choice goes through the Date range rules of model/date-range.ts (first date →
 * departure and close, second date → return or swap, removing the return, only-a-return...).
 */
import { useMemo, useState, type Dispatch } from 'react';
import { Button, Popover, Tooltip } from 'antd';
import { CalendarOutlined, CloseCircleFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { JourneyType } from '../../../contract/flights';
import { useIsSmall } from '../hooks/use-is-small';
import {
  DATE_FORMAT, isSelectableDate, type DateField, type DateRange, type DateRangeAction,
} from '../model';

export interface DateRangeFieldProps {
  range: DateRange;
  dispatch: Dispatch<DateRangeAction>;
  journeyType: JourneyType;
  today: string;
}

function monthDays(month: dayjs.Dayjs): (string | null)[] {
  const first = month.startOf('month');
  // weeks start on Monday
  const lead = (first.day() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < first.daysInMonth(); d += 1) cells.push(first.add(d, 'day').format(DATE_FORMAT));
  return cells;
}

function Month({ month, range, today, onPick }: { month: dayjs.Dayjs; range: DateRange; today: string; onPick: (d: string) => void }) {
  const { t } = useTranslation();
  const start = range.departureTime && range.alreadyChooseDepart ? range.departureTime : '';
  const end = range.arrivalTime;
  const fares = new Map(
    [...range.data.depart, ...range.data.return].map((d) => [dayjs(new Date(d.year, d.month - 1, d.day)).format(DATE_FORMAT), d.fareDisplay]),
  );
  const weekdays = useMemo(() => Array.from({ length: 7 }, (_, i) => dayjs('2024-01-01').add(i, 'day').format('dd')), []);
  return (
    <div className="fl-month">
      <div className="fl-month-title">{month.format('MM/YYYY')}</div>
      <div className="fl-month-grid" role="grid">
        {weekdays.map((w) => <span key={w} className="fl-weekday" role="columnheader">{w}</span>)}
        {monthDays(month).map((date, i) => {
          if (!date) return <span key={`e${i}`} />;
          const selectable = isSelectableDate(date, today);
          const isStart = date === start;
          const isEnd = date === end;
          const inRange = !!start && !!end && date > start && date < end;
          const cls = ['fl-day', isStart && 'is-start', isEnd && 'is-end', inRange && 'in-range', date === today && 'is-today'].filter(Boolean).join(' ');
          const fare = fares.get(date);
          return (
            <button
              key={date}
              type="button"
              className={cls}
              data-date={date}
              disabled={!selectable}
              aria-pressed={isStart || isEnd}
              aria-label={`${dayjs(date).format('dddd DD/MM/YYYY')}${isStart ? `, ${t('flights.search.depart')}` : ''}${isEnd ? `, ${t('flights.search.return')}` : ''}`}
              onClick={() => onPick(date)}
            >
              <span className="fl-day-n">{Number(date.slice(8))}</span>
              {fare !== undefined && selectable && <span className="fl-day-fare">{fare}K</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}

export function DateRangeField({ range, dispatch, journeyType, today }: DateRangeFieldProps) {
  const { t } = useTranslation();
  const small = useIsSmall();
  const anchor = range.flag === 'return' && range.arrivalTime ? range.arrivalTime : range.departureTime || today;
  const [shown, setShown] = useState(() => dayjs(anchor).startOf('month'));
  const months = small ? [shown] : [shown, shown.add(1, 'month')];
  const canGoBack = shown.isAfter(dayjs(today), 'month');

  const open = (flag: DateField) => {
    const at = flag === 'return' && range.arrivalTime ? range.arrivalTime : range.departureTime || today;
    setShown(dayjs(at).startOf('month'));
    dispatch({ type: 'OPEN', flag });
  };
  const pick = (date: string) => {
    if (range.flag === 'return') dispatch({ type: 'PICK_RETURN', date });
    else dispatch({ type: 'PICK', date, journeyType });
  };

  const calendar = (
    <div className="fl-calendar" data-testid="date-range-calendar">
      <div className="fl-calendar-head">
        <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t('flights.search.prevMonth')} disabled={!canGoBack} onClick={() => setShown(shown.subtract(1, 'month'))} />
        <span className="fl-calendar-hint">{range.flag === 'return' ? t('flights.search.pickReturn') : t('flights.search.pickDepart')}</span>
        <Button size="small" type="text" icon={<RightOutlined />} aria-label={t('flights.search.nextMonth')} onClick={() => setShown(shown.add(1, 'month'))} />
      </div>
      <div className="fl-calendar-months">
        {months.map((m) => <Month key={m.format('YYYY-MM')} month={m} range={range} today={today} onPick={pick} />)}
      </div>
    </div>
  );

  const show = (date: string) => (date ? dayjs(date).format('ddd, DD/MM/YYYY') : '');
  const departText = range.alreadyChooseDepart || range.departureTime ? show(range.departureTime) : '';

  return (
    <Popover
      open={range.showDateRange}
      onOpenChange={(next) => { if (!next) dispatch({ type: 'CLOSE' }); }}
      trigger="click"
      placement="bottomLeft"
      content={calendar}
      destroyOnHidden
      arrow={false}
    >
      <div className="fl-date-fields">
        <button type="button" className="fl-field fl-date-field" data-testid="depart-date" onClick={(e) => { e.stopPropagation(); open('depart'); }} aria-label={`${t('flights.search.depart')}: ${departText}`}>
          <span className="fl-field-label">{t('flights.search.depart')}</span>
          <span className="fl-field-value"><CalendarOutlined /> {departText || t('flights.search.chooseDate')}</span>
        </button>
        {journeyType === 'RT' && (
          <div className="fl-field fl-date-field fl-return-field">
            <button type="button" className="fl-field-button" data-testid="return-date" onClick={(e) => { e.stopPropagation(); open('return'); }} aria-label={`${t('flights.search.return')}: ${show(range.arrivalTime)}`}>
              <span className="fl-field-label">{t('flights.search.return')}</span>
              <span className="fl-field-value"><CalendarOutlined /> {range.arrivalTime ? show(range.arrivalTime) : t('flights.search.chooseDate')}</span>
            </button>
            {range.arrivalTime && (
              <Tooltip title={t('flights.search.removeReturn')}>
                <Button type="text" size="small" className="fl-remove-return" icon={<CloseCircleFilled />} aria-label={t('flights.search.removeReturn')} onClick={(e) => { e.stopPropagation(); dispatch({ type: 'REMOVE_RETURN' }); }} />
              </Tooltip>
            )}
          </div>
        )}
      </div>
    </Popover>
  );
}
