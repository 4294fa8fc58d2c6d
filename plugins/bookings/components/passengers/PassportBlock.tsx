/**
 * The passport block of a passenger (journeys with requirePassport): nationality, number, expiry after the
 * travel, issuing country (default VNM), optional issuing date and city.
 */
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSPORT_MIN_VALIDITY_MONTHS, type PassportProblem } from '../../../../contract/bookings-rules';
import type { PassportForm } from '../../model/passport';
import { CountrySelect } from './CountrySelect';
import { DateInput } from './DateInput';
import { Field } from './Field';

interface PassportBlockProps {
  paxId: number;
  value: PassportForm;
  problems: readonly PassportProblem[];
  /** Whether a field's problem is shown yet (after a blur or a submit). */
  shown: (field: string) => boolean;
  onChange: (patch: Partial<PassportForm>) => void;
  onBlur: (field: string) => void;
}

export function PassportBlock({ paxId, value, problems, shown, onChange, onBlur }: PassportBlockProps) {
  const { t } = useTranslation();
  const id = `pax-${paxId}-passport`;
  const err = (p: PassportProblem, field: string, key: string) => (problems.includes(p) && shown(field) ? t(key, { months: PASSPORT_MIN_VALIDITY_MONTHS }) : null);
  return (
    <fieldset className="bk-subblock" data-testid={id}>
      <legend>{t('bookings.passport.title')}</legend>
      <div className="bk-grid">
        <Field label={t('bookings.passport.nationCountry')} error={err('nationCountry', 'nationCountry', 'bookings.errors.nationCountry')}>
          <CountrySelect value={value.nationCountry} onChange={(v) => onChange({ nationCountry: v })} data-testid={`${id}-nation`} />
        </Field>
        <Field label={t('bookings.passport.pNumber')} error={err('pNumber', 'pNumber', 'bookings.errors.pNumber')} testId={`${id}-number`}>
          <Input value={value.pNumber} maxLength={15} autoComplete="off" onChange={(e) => onChange({ pNumber: e.target.value.toUpperCase() })} onBlur={() => onBlur('pNumber')}
            status={problems.includes('pNumber') && shown('pNumber') ? 'error' : undefined} data-testid={`${id}-number`} />
        </Field>
        <Field label={t('bookings.passport.expiryDate')} error={err('expiryDate', 'expiryDate', 'bookings.errors.expiryDate')} testId={`${id}-expiry`}>
          <DateInput value={value.expiryDate} onChange={(v) => onChange({ expiryDate: v })} onBlur={() => onBlur('expiryDate')}
            status={problems.includes('expiryDate') && shown('expiryDate') ? 'error' : undefined} data-testid={`${id}-expiry`} />
        </Field>
        <Field label={t('bookings.passport.issuingCountry')} error={err('issuingCountry', 'issuingCountry', 'bookings.errors.issuingCountry')}>
          <CountrySelect value={value.issuingCountry} onChange={(v) => onChange({ issuingCountry: v })} data-testid={`${id}-issuing-country`} />
        </Field>
        <Field label={t('bookings.passport.issuingDate')} error={err('issuingDate', 'issuingDate', 'bookings.errors.issuingDate')} testId={`${id}-issued`}>
          <DateInput value={value.issuingDate} onChange={(v) => onChange({ issuingDate: v })} onBlur={() => onBlur('issuingDate')}
            status={problems.includes('issuingDate') && shown('issuingDate') ? 'error' : undefined} data-testid={`${id}-issued`} />
        </Field>
        <Field label={t('bookings.passport.issuingCity')}>
          <Input value={value.issuingCity} maxLength={60} onChange={(e) => onChange({ issuingCity: e.target.value })} data-testid={`${id}-city`} />
        </Field>
      </div>
    </fieldset>
  );
}
