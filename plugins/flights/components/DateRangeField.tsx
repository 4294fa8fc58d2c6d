/**
 * The date-range picker of the search panel: a departure field, a return field (round trip) and a calendar
 * of two months. Every choice goes through the Date range rules of model/date-range.ts (first date →
 * departure and close, second date → return or swap, removing the return, only-a-return...).
 */
import { useEffect, useMemo, useRef, useState, type Dispatch, type KeyboardEvent } from 'react';
import { Button, Popover, Tooltip } from 'antd';
import { CalendarOutlined, CloseCircleFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { JourneyType } from '../../../contract/flights';
import {
  calendarMove, DATE_FORMAT, isCalendarKey, isSelectableDate, type DateField, type DateRange, type DateRangeAction,
} from '../model';
import { useIsSmall } from '../../../src/sdk';

export interface DateRangeFieldProps {
  range: DateRange;
  dispatch: Dispatch<DateRangeAction>;
  journeyType: JourneyType;
  today: string;
}

/** The weeks of a month (Monday first), each seven cells: a date or null outside the month. */
function monthWeeks(month: dayjs.Dayjs): (string | null)[][] {
  const first = month.startOf('month');
  const lead = (first.day() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < first.daysInMonth(); d += 1) cells.push(first.add(d, 'day').format(DATE_FORMAT));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

interface MonthProps {
  month: dayjs.Dayjs;
  range: DateRange;
  today: string;
  /** The one day that takes Tab (roving tab index); arrows move it. */
  focusDate: string;
  onPick: (d: string) => void;
}

function Month({ month, range, today, focusDate, onPick }: MonthProps) {
  const { t } = useTranslation();
  const start = range.departureTime && range.alreadyChooseDepart ? range.departureTime : '';
  const end = range.arrivalTime;
  const fares = new Map(
    [...range.data.depart, ...range.data.return].map((d) => [dayjs(new Date(d.year, d.month - 1, d.day)).format(DATE_FORMAT), d.fareDisplay]),
  );
  const weekdays = useMemo(() => Array.from({ length: 7 }, (_, i) => dayjs('2024-01-01').add(i, 'day')), []);
  const title = month.format('MM/YYYY');
  return (
    <div className="fl-month">
      <div className="fl-month-title" id={`fl-month-${month.format('YYYY-MM')}`}>{title}</div>
      {/* the grid pattern: rows of gridcells (the rows and cells draw as the grid's own items) */}
      <div className="fl-month-grid" role="grid" aria-labelledby={`fl-month-${month.format('YYYY-MM')}`}>
        <div role="row" className="fl-grid-row">
          {weekdays.map((w) => (
            <span key={w.day()} className="fl-weekday" role="columnheader" aria-label={w.format('dddd')}>
              {w.format('dd')}
            </span>
          ))}
        </div>
        {monthWeeks(month).map((week, wi) => (
          <div role="row" className="fl-grid-row" key={wi}>
            {week.map((date, i) => {
              if (!date) return <span key={`e${i}`} role="gridcell" className="fl-grid-cell" />;
              const selectable = isSelectableDate(date, today);
              const isStart = date === start;
              const isEnd = date === end;
              const inRange = !!start && !!end && date > start && date < end;
              const cls = ['fl-day', isStart && 'is-start', isEnd && 'is-end', inRange && 'in-range', date === today && 'is-today'].filter(Boolean).join(' ');
              const fare = fares.get(date);
              const showFare = fare !== undefined && selectable;
              const label = [
                dayjs(date).format('dddd DD/MM/YYYY'),
                isStart && t('flights.search.depart'),
                isEnd && t('flights.search.return'),
                showFare && t('flights.search.dayFare', { fare: `${fare}K` }),
              ].filter(Boolean).join(', ');
              return (
                <span key={date} role="gridcell" className="fl-grid-cell" aria-selected={isStart || isEnd}>
                  <button
                    type="button"
                    className={cls}
                    data-date={date}
                    disabled={!selectable}
                    tabIndex={date === focusDate ? 0 : -1}
                    aria-label={label}
                    onClick={() => onPick(date)}
                  >
                    <span className="fl-day-n">{Number(date.slice(8))}</span>
                    {showFare && <span className="fl-day-fare">{fare}K</span>}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
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

  const [focusDate, setFocusDate] = useState(anchor < today ? today : anchor);
  const calendarRef = useRef<HTMLDivElement>(null);
  const departRef = useRef<HTMLButtonElement>(null);
  const returnRef = useRef<HTMLButtonElement>(null);
  const lastFlag = useRef<DateField>('depart');
  const wasOpen = useRef(false);

  const open = (flag: DateField) => {
    const at = flag === 'return' && range.arrivalTime ? range.arrivalTime : range.departureTime || today;
    lastFlag.current = flag;
    setShown(dayjs(at).startOf('month'));
    setFocusDate(at < today ? today : at);
    dispatch({ type: 'OPEN', flag });
  };

  // keyboard: the focus moves into the calendar when it opens, follows the arrows, and goes back to the
  // field that opened it when the calendar closes (a day picked, Escape, a click outside)
  useEffect(() => {
    if (range.showDateRange) {
      const frame = requestAnimationFrame(() => calendarRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDate}"]`)?.focus());
      wasOpen.current = true;
      return () => cancelAnimationFrame(frame);
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      // the calendar may still be fading out with the picked day focused: the focus leaves it for the field
      const active = document.activeElement;
      if (!active || active === document.body || calendarRef.current?.contains(active)) (lastFlag.current === 'return' ? returnRef : departRef).current?.focus();
    }
    return undefined;
  }, [range.showDateRange, focusDate, shown]);

  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      dispatch({ type: 'CLOSE' });
      return;
    }
    if (!isCalendarKey(e.key)) return;
    e.preventDefault();
    const next = calendarMove(focusDate, e.key, today);
    const month = dayjs(next).startOf('month');
    const last = months[months.length - 1];
    if (month.isBefore(shown, 'month')) setShown(month);
    else if (month.isAfter(last, 'month')) setShown(month.subtract(months.length - 1, 'month'));
    setFocusDate(next);
  };
  const pick = (date: string) => {
    if (range.flag === 'return') dispatch({ type: 'PICK_RETURN', date });
    else dispatch({ type: 'PICK', date, journeyType });
  };

  const calendar = (
    <div className="fl-calendar" data-testid="date-range-calendar" ref={calendarRef} onKeyDown={onGridKey}>
      <div className="fl-calendar-head">
        <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t('flights.search.prevMonth')} disabled={!canGoBack} onClick={() => setShown(shown.subtract(1, 'month'))} />
        <span className="fl-calendar-hint">{range.flag === 'return' ? t('flights.search.pickReturn') : t('flights.search.pickDepart')}</span>
        <Button size="small" type="text" icon={<RightOutlined />} aria-label={t('flights.search.nextMonth')} onClick={() => setShown(shown.add(1, 'month'))} />
      </div>
      <div className="fl-calendar-months">
        {months.map((m) => <Month key={m.format('YYYY-MM')} month={m} range={range} today={today} focusDate={focusDate} onPick={pick} />)}
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
        <button type="button" ref={departRef} aria-haspopup="dialog" aria-expanded={range.showDateRange && range.flag !== 'return'} className="fl-field fl-date-field" data-testid="depart-date" onClick={(e) => { e.stopPropagation(); open('depart'); }} aria-label={`${t('flights.search.depart')}: ${departText}`}>
          <span className="fl-field-label">{t('flights.search.depart')}</span>
          <span className="fl-field-value"><CalendarOutlined /> {departText || t('flights.search.chooseDate')}</span>
        </button>
        {journeyType === 'RT' && (
          <div className="fl-field fl-date-field fl-return-field">
            <button type="button" ref={returnRef} aria-haspopup="dialog" aria-expanded={range.showDateRange && range.flag === 'return'} className="fl-field-button" data-testid="return-date" onClick={(e) => { e.stopPropagation(); open('return'); }} aria-label={`${t('flights.search.return')}: ${show(range.arrivalTime)}`}>
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
