/**
 * The filters of one direction (spec point 4): price, all / direct / transit, utilities, cabin classes,
 * airlines, GDS systems, departure and arrival time bands. Reset sets direct-only (model/filters.ts).
 */
import type { Dispatch } from 'react';
import { Button, Checkbox, Radio, Slider } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../src/sdk';
import {
  FLIGHT_KINDS, TIME_BANDS, TIME_BAND_HOURS, UTILITIES, type Direction, type FilterOptions, type FiltersAction,
  type FlightFilters, type TimeBand,
} from '../model';

export interface FilterPanelProps {
  direction: Direction;
  filters: FlightFilters;
  options: FilterOptions;
  dispatch: Dispatch<FiltersAction>;
}

const bandLabel = (b: TimeBand) => `${String(TIME_BAND_HOURS[b][0]).padStart(2, '0')}:00–${String(TIME_BAND_HOURS[b][1]).padStart(2, '0')}:00`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="fl-filter-section" aria-label={title}>
      <h3 className="fl-filter-title">{title}</h3>
      {children}
    </section>
  );
}

export function FilterPanel({ direction, filters, options, dispatch }: FilterPanelProps) {
  const { t } = useTranslation();
  const range = options.price;
  const step = 10_000;
  const floor = range ? Math.floor(range.min / step) * step : 0;
  const ceil = range ? Math.ceil(range.max / step) * step : 0;
  const value: [number, number] = filters.price ? [filters.price.min, filters.price.max] : [floor, ceil];

  return (
    <div className="fl-filters" data-testid={`filters-${direction}`}>
      <div className="fl-filters-head">
        <strong>{t('flights.filters.title')}</strong>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => dispatch({ type: 'RESET_FILTERS', direction })} data-testid="filters-reset">
          {t('flights.filters.reset')}
        </Button>
      </div>

      <Section title={t('flights.filters.flight')}>
        <Radio.Group
          value={filters.flight}
          onChange={(e) => dispatch({ type: 'SET_FLIGHT', direction, flight: e.target.value })}
          optionType="button"
          size="small"
          options={FLIGHT_KINDS.map((k) => ({ value: k, label: t(`flights.filters.kind.${k}`) }))}
        />
      </Section>

      {range && ceil > floor && (
        <Section title={t('flights.filters.price')}>
          <Slider
            range
            min={floor}
            max={ceil}
            step={step}
            defaultValue={value}
            key={`${floor}-${ceil}-${filters.price ? 'set' : 'none'}`}
            tooltip={{ formatter: (v) => formatVnd(v ?? 0) }}
            onChangeComplete={(v) => {
              const [min, max] = v as number[];
              dispatch({ type: 'SET_PRICE', direction, price: min <= floor && max >= ceil ? null : { min, max } });
            }}
            ariaLabelForHandle={[t('flights.filters.priceMin'), t('flights.filters.priceMax')]}
          />
          <div className="fl-filter-range muted">
            <span>{formatVnd(value[0])}</span>
            <span>{formatVnd(value[1])}</span>
          </div>
        </Section>
      )}

      <Section title={t('flights.filters.departureTimes')}>
        <div className="fl-bands">
          {TIME_BANDS.map((b) => (
            <Checkbox key={b} checked={filters.departureTimes.includes(b)} disabled={!options.departureTimes.includes(b) && !filters.departureTimes.includes(b)} onChange={() => dispatch({ type: 'TOGGLE_DEPARTURE_TIME', direction, value: b })}>
              {bandLabel(b)}
            </Checkbox>
          ))}
        </div>
      </Section>

      <Section title={t('flights.filters.arrivalTimes')}>
        <div className="fl-bands">
          {TIME_BANDS.map((b) => (
            <Checkbox key={b} checked={filters.arrivalTimes.includes(b)} disabled={!options.arrivalTimes.includes(b) && !filters.arrivalTimes.includes(b)} onChange={() => dispatch({ type: 'TOGGLE_ARRIVAL_TIME', direction, value: b })}>
              {bandLabel(b)}
            </Checkbox>
          ))}
        </div>
      </Section>

      {options.airlines.length > 0 && (
        <Section title={t('flights.filters.airlines')}>
          <div className="fl-checks">
            {options.airlines.map((a) => (
              <Checkbox key={a.airlineCode} checked={filters.airlines.includes(a.airlineCode)} onChange={() => dispatch({ type: 'TOGGLE_AIRLINE', direction, value: a.airlineCode })}>
                <span className="fl-check-label">{a.airlineCode} · {a.airlineName}</span>
                <span className="fl-check-extra muted">{formatVnd(a.lowestPrice)}</span>
              </Checkbox>
            ))}
          </div>
        </Section>
      )}

      {options.cabinClasses.length > 0 && (
        <Section title={t('flights.filters.cabin')}>
          <div className="fl-checks">
            {options.cabinClasses.map((c) => (
              <Checkbox key={c} checked={filters.cabinClasses.includes(c)} onChange={() => dispatch({ type: 'TOGGLE_CABIN_CLASS', direction, value: c })}>
                {t(`flights.cabin.${c}`)}
              </Checkbox>
            ))}
          </div>
        </Section>
      )}

      {options.systems.length > 0 && (
        <Section title={t('flights.filters.systems')}>
          <div className="fl-checks fl-checks-row">
            {options.systems.map((s) => (
              <Checkbox key={s} checked={filters.systems.includes(s)} onChange={() => dispatch({ type: 'TOGGLE_SYSTEM', direction, value: s })}>{s}</Checkbox>
            ))}
          </div>
        </Section>
      )}

      <Section title={t('flights.filters.utilities')}>
        <div className="fl-checks">
          {UTILITIES.map((u) => (
            <Checkbox key={u} checked={filters.utilities.includes(u)} onChange={() => dispatch({ type: 'TOGGLE_UTILITY', direction, value: u })}>
              {t(`flights.filters.utility.${u}`)}
            </Checkbox>
          ))}
        </div>
      </Section>
    </div>
  );
}
