/** A station: a searchable list that finds "Huế" from "hue" and "Đà Nẵng" from "da nang" (the contract's matchStations). */
import { useMemo } from 'react';
import { Select } from 'antd';
import { matchStations, type TrainStation } from '../../../contract/trains';

export interface StationPickerProps {
  id?: string;
  value: string;
  onChange: (code: string) => void;
  stations: readonly TrainStation[];
  placeholder: string;
  loading?: boolean;
  status?: 'error';
  'aria-label'?: string;
}

export function StationPicker({ id, value, onChange, stations, placeholder, loading, status, ...rest }: StationPickerProps) {
  const options = useMemo(() => stations.map((s) => ({ value: s.code, label: `${s.name} (${s.code})`, station: s })), [stations]);
  return (
    <Select
      id={id}
      showSearch
      value={value || undefined}
      onChange={(v: string) => onChange(v)}
      options={options}
      placeholder={placeholder}
      loading={loading}
      status={status}
      aria-label={rest['aria-label']}
      filterOption={(input, option) => !!option && matchStations([option.station], input).length > 0}
      optionRender={(o) => (
        <span className="train-station-option">
          <strong>{o.data.station.name}</strong> <span className="muted">{o.data.station.code}</span>
        </span>
      )}
      style={{ width: '100%' }}
    />
  );
}
