/** A passenger's frequent-flyer numbers: airline + number, added and removed one by one (at most MAX_LOYALTY). */
import { Button, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_LOYALTY, type LoyaltyForm } from '../../model/passport';
import { Field } from './Field';

interface LoyaltyListProps {
  paxId: number;
  value: readonly LoyaltyForm[];
  /** Airline codes to choose from (the carriers of the selection first). */
  airlines: readonly string[];
  problems: ReadonlyArray<ReadonlyArray<'airline' | 'number'>>;
  shown: (field: string) => boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onChange: (index: number, patch: Partial<LoyaltyForm>) => void;
  onBlur: (field: string) => void;
}

export function LoyaltyList({ paxId, value, airlines, problems, shown, onAdd, onRemove, onChange, onBlur }: LoyaltyListProps) {
  const { t } = useTranslation();
  const id = `pax-${paxId}-loyalty`;
  return (
    <fieldset className="bk-subblock" data-testid={id}>
      <legend>{t('bookings.passengers.loyalty')}</legend>
      {value.map((l, i) => {
        const bad = (k: 'airline' | 'number') => (problems[i] ?? []).includes(k) && shown(`loyalty-${i}`);
        return (
          <div key={i} className="bk-loyalty-row" data-testid={`${id}-${i}`}>
            <Field label={t('bookings.passengers.loyaltyAirline')} error={bad('airline') && t('bookings.errors.loyaltyAirline')}>
              <Select value={l.airline} onChange={(v) => onChange(i, { airline: v })} options={airlines.map((a) => ({ value: a, label: a }))} data-testid={`${id}-${i}-airline`} />
            </Field>
            <Field label={t('bookings.passengers.loyaltyNumber')} error={bad('number') && t('bookings.errors.loyaltyNumber')}>
              <Input value={l.number} maxLength={20} autoComplete="off" onChange={(e) => onChange(i, { number: e.target.value.toUpperCase() })} onBlur={() => onBlur(`loyalty-${i}`)}
                status={bad('number') ? 'error' : undefined} data-testid={`${id}-${i}-number`} />
            </Field>
            <Button icon={<DeleteOutlined />} onClick={() => onRemove(i)} aria-label={t('bookings.passengers.removeLoyalty')} title={t('bookings.passengers.removeLoyalty')} className="bk-loyalty-remove" data-testid={`${id}-${i}-remove`} />
          </div>
        );
      })}
      {value.length < MAX_LOYALTY && (
        <Button type="dashed" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${id}-add`}>{t('bookings.passengers.addLoyalty')}</Button>
      )}
    </fieldset>
  );
}
