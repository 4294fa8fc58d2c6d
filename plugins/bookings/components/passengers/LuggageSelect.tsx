/**
 * The luggage a passenger buys on one flight: none or one option of the route's list (weight and price).
 * The list is loaded once per from/to/airline by the page; infants buy none.
 */
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaxType } from '../../../../contract/flights';
import { formatVnd } from '../../../../src/sdk';
import { flightKey, flightLabel, type LuggageRoute } from '../../model/draft';
import type { LuggageList } from '../../model/luggage';
import { Field } from './Field';

interface LuggageSelectProps {
  paxId: number;
  paxType: PaxType;
  route: LuggageRoute;
  list: LuggageList | undefined;
  loading: boolean;
  failed: boolean;
  /** The chosen option's code, '' for none. */
  value: string;
  onChange: (code: string) => void;
  onRetry: () => void;
}

export function LuggageSelect({ paxId, paxType, route, list, loading, failed, value, onChange, onRetry }: LuggageSelectProps) {
  const { t } = useTranslation();
  const id = `pax-${paxId}-luggage-${flightKey({ direction: route.type, leg: route.leg })}`;
  const label = t('bookings.luggage.route', { direction: flightLabel(t, { direction: route.type, leg: route.leg }), from: route.from, to: route.to, airline: route.airline });
  if (paxType === 'INF') {
    return <Field label={label}><span className="muted" data-testid={id}>{t('bookings.luggage.infantNone')}</span></Field>;
  }
  if (!route.sold) {
    return <Field label={label}><span className="muted" data-testid={id}>{t('bookings.luggage.notSold')}</span></Field>;
  }
  if (failed) {
    return (
      <Field label={label} error={t('bookings.luggage.failed')}>
        <Button size="small" onClick={onRetry} data-testid={`${id}-retry`}>{t('bookings.luggage.retry')}</Button>
      </Field>
    );
  }
  const options = [
    { value: '', label: t('bookings.luggage.none') },
    ...(list?.data ?? []).map((o) => ({ value: o.code, label: t('bookings.luggage.option', { value: o.value, unit: o.unit, price: formatVnd(o.price) }) })),
  ];
  return (
    <Field label={label}>
      <Select value={value} onChange={onChange} options={options} loading={loading} disabled={loading || !list}
        placeholder={loading ? t('bookings.luggage.loading') : undefined} data-testid={id} />
    </Field>
  );
}
