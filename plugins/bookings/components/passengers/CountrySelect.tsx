/** A searchable country select (name in Vietnamese or English, or the alpha-3 code; accents ignored). */
import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryMatches, countryOptions, type CountryOption } from '../../model/countries';

interface CountrySelectProps {
  value: string;
  onChange: (code: string) => void;
  id?: string;
  status?: 'error';
  'data-testid'?: string;
  'aria-label'?: string;
}

export function CountrySelect({ value, onChange, id, status, ...rest }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <Select<string, CountryOption>
      id={id}
      showSearch
      value={value}
      onChange={onChange}
      options={options}
      filterOption={(input, option) => countryMatches(input, option)}
      notFoundContent={t('bookings.passport.noCountry')}
      status={status}
      popupMatchSelectWidth={false}
      {...rest}
    />
  );
}
