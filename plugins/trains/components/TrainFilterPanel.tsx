/** The train filter (spec point 6): seat class of spec point 9 and departure / arrival time bands. */
import { Button, Checkbox, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEAT_CLASSES, TIME_BANDS, toggleIn, type TimeBand, type TrainFilter, initialTrainFilter } from '../model';

export function TrainFilterPanel({ value, onChange }: { value: TrainFilter; onChange: (f: TrainFilter) => void }) {
  const { t } = useTranslation();
  const bands = (field: 'departureTimes' | 'arrivalTimes') => (
    <div className="train-bands" role="group" aria-label={t(`trains.filter.${field}`)}>
      <span className="train-filter-label">{t(`trains.filter.${field}`)}</span>
      {TIME_BANDS.map((b: TimeBand) => (
        <Checkbox key={b} checked={value[field].includes(b)} onChange={() => onChange({ ...value, [field]: toggleIn(value[field], b) })}>
          {t(`trains.filter.band.${b}`)}
        </Checkbox>
      ))}
    </div>
  );
  return (
    <div className="train-filter" data-testid="train-filter">
      <label className="train-filter-class">
        <span className="train-filter-label">{t('trains.filter.seatClass')}</span>
        <Select
          aria-label={t('trains.filter.seatClass')}
          value={value.seatClass}
          onChange={(seatClass) => onChange({ ...value, seatClass })}
          options={SEAT_CLASSES.map((c) => ({ value: c, label: t(`trains.seatClass.${c}`) }))}
          style={{ minWidth: 180 }}
        />
      </label>
      {bands('departureTimes')}
      {bands('arrivalTimes')}
      <Button size="small" type="link" onClick={() => onChange(initialTrainFilter())}>
        {t('trains.filter.reset')}
      </Button>
    </div>
  );
}
