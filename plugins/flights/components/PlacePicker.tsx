/**
 * A departure or arrival place: a searchable list over the airport code, the city and the airport name in
 * Vietnamese and English (GET /api/flights/airports?q=), with the user's recent choices first.
 */
import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Airport } from '../../../contract/flights';
import { currentLanguage } from '../../../src/sdk';
import { FLIGHTS_API, rowsOf, QUIET_READ } from '../api';
import { useRecentPlaces } from '../hooks/use-recent-places';

export interface PlacePickerProps {
  id?: string;
  value: string;
  onChange: (code: string, airport?: Airport) => void;
  placeholder: string;
  'aria-label'?: string;
  status?: 'error';
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface PlaceOption {
  value: string;
  label: string;
  airport: Airport;
}

interface PlaceGroup {
  label: string;
  title: string;
  options: PlaceOption[];
}

export function placeLabel(a: Pick<Airport, 'code' | 'cityVi' | 'cityEn'>, lng: 'vi' | 'en'): string {
  return `${lng === 'en' ? a.cityEn : a.cityVi} (${a.code})`;
}

function OptionBody({ airport, lng }: { airport: Airport; lng: 'vi' | 'en' }) {
  return (
    <div className="fl-place-option">
      <span className="fl-place-code">{airport.code}</span>
      <span className="fl-place-text">
        <span className="fl-place-city">{lng === 'en' ? airport.cityEn : airport.cityVi}</span>
        <span className="fl-place-name">{lng === 'en' ? airport.nameEn : airport.nameVi}</span>
      </span>
    </div>
  );
}

export function PlacePicker({ id, value, onChange, placeholder, status, ...rest }: PlacePickerProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 200);
  const { recent, remember } = useRecentPlaces();
  // reference data, not a paged list: the gateway answers a bare array (no `{ data, total }` for useList)
  const { query: found } = useCustom<Airport[]>({
    url: FLIGHTS_API.airports,
    method: 'get',
    config: { query: { q } },
    meta: QUIET_READ,
    errorNotification: false,
    queryOptions: { staleTime: 5 * 60 * 1000 },
    overtimeOptions: { enabled: false },
  });
  const body = found.data?.data;
  const places = useMemo(() => rowsOf<Airport>(body), [body]);

  const options = useMemo((): (PlaceOption | PlaceGroup)[] => {
    const list = places;
    const toOption = (a: Airport): PlaceOption => ({ value: a.code, label: placeLabel(a, lng), airport: a });
    if (q) return list.map(toOption);
    const recentCodes = new Set(recent.map((a) => a.code));
    const groups: PlaceGroup[] = [];
    if (recent.length) groups.push({ label: t('flights.search.recent'), title: 'recent', options: recent.map((a) => ({ ...toOption(a), value: a.code })) });
    const rest = list.filter((a) => !recentCodes.has(a.code));
    if (rest.length) groups.push({ label: t('flights.search.allPlaces'), title: 'all', options: rest.map(toOption) });
    return groups;
  }, [places, q, recent, lng, t]);

  // the chosen place keeps its label even when the current search does not list it
  const known = [...recent, ...places].find((a) => a.code === value);

  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      className="fl-place-picker"
      showSearch
      allowClear
      status={status}
      placeholder={placeholder}
      value={value || undefined}
      labelRender={() => (known ? placeLabel(known, lng) : value)}
      filterOption={false}
      searchValue={text}
      onSearch={setText}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : t('flights.search.noPlaces')}
      options={options}
      optionRender={(option) => {
        const airport = (option.data as { airport?: Airport }).airport;
        return airport ? <OptionBody airport={airport} lng={lng} /> : option.label;
      }}
      onChange={(code: string | undefined) => {
        setText('');
        const airport = [...places, ...recent].find((a) => a.code === code);
        if (airport) remember(airport);
        onChange(code ?? '', airport);
      }}
      popupMatchSelectWidth={false}
      listHeight={320}
    />
  );
}
