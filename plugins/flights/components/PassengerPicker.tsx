/** Passenger counts of the search (spec point 5): each "+" / "−" is enabled by canIncrement / canDecrement. */
import { useEffect, useRef, useState } from 'react';
import { Button, Popover } from 'antd';
import { MinusOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PassengerCounts } from '../../../contract/flights';
import { canDecrement, canIncrement, type PassengerKey } from '../model';

const ROWS: PassengerKey[] = ['adt', 'chd', 'inf'];

export interface PassengerPickerProps {
  counts: PassengerCounts;
  onIncrement: (key: PassengerKey) => void;
  onDecrement: (key: PassengerKey) => void;
}

export function PassengerRows({ counts, onIncrement, onDecrement }: PassengerPickerProps) {
  const { t } = useTranslation();
  return (
    <div className="fl-pax-rows" data-testid="passenger-rows">
      {ROWS.map((key) => (
        <div key={key} className="fl-pax-row">
          <div className="fl-pax-label">
            <span>{t(`flights.search.pax.${key}`)}</span>
            <span className="muted">{t(`flights.search.pax.${key}Hint`)}</span>
          </div>
          <div className="fl-pax-counter">
            <Button
              shape="circle"
              size="small"
              icon={<MinusOutlined />}
              aria-label={t('flights.search.pax.decrease', { type: t(`flights.search.pax.${key}`) })}
              disabled={!canDecrement(counts, key)}
              onClick={() => onDecrement(key)}
            />
            <span className="fl-pax-count" data-testid={`pax-${key}`} aria-live="polite">{counts[key]}</span>
            <Button
              shape="circle"
              size="small"
              icon={<PlusOutlined />}
              aria-label={t('flights.search.pax.increase', { type: t(`flights.search.pax.${key}`) })}
              disabled={!canIncrement(counts, key)}
              onClick={() => onIncrement(key)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

export function passengerSummary(counts: PassengerCounts, t: (key: string, o?: Record<string, unknown>) => string): string {
  return ROWS.filter((k) => counts[k] > 0).map((k) => t(`flights.search.paxCount.${k}`, { count: counts[k] })).join(', ') || t('flights.search.pax.none');
}

export function PassengerPicker(props: PassengerPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  // keyboard: opening moves the focus to the first counter button; Escape closes and gives it back
  useEffect(() => {
    if (!open) return undefined;
    const frame = requestAnimationFrame(() => rows.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      open={open}
      onOpenChange={setOpen}
      content={
        <div
          ref={rows}
          role="group"
          aria-label={t('flights.search.passengers')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            }
          }}
        >
          <PassengerRows {...props} />
        </div>
      }
      arrow={false}
    >
      <button
        type="button"
        ref={trigger}
        className="fl-field"
        data-testid="passengers"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${t('flights.search.passengers')}: ${passengerSummary(props.counts, t)}`}
      >
        <span className="fl-field-label">{t('flights.search.passengers')}</span>
        <span className="fl-field-value"><UserOutlined /> {passengerSummary(props.counts, t)}</span>
      </button>
    </Popover>
  );
}
