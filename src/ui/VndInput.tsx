/** Integer VND input shown with thousands separators (1.500.000). */
import { InputNumber } from 'antd';
import type { InputNumberProps } from 'antd';
import { formatNumber } from '../i18n/format';

export const parseVnd = (text: string | undefined): number => {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits ? Math.min(Number(digits), 1_000_000_000_000) : 0;
};

export function VndInput(props: Omit<InputNumberProps<number>, 'formatter' | 'parser'>) {
  return (
    <InputNumber<number>
      min={0}
      max={1_000_000_000_000}
      step={1000}
      precision={0}
      inputMode="numeric"
      addonAfter="₫"
      style={{ width: '100%' }}
      {...props}
      formatter={(v) => (v === undefined || v === null ? '' : formatNumber(Number(v)))}
      parser={parseVnd}
    />
  );
}
