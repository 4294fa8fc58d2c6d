/** A date typed as digits into dd/mm/yyyy: the slashes come by themselves. */
import { Input } from 'antd';
import { maskDate } from '../../model/passengers';

interface DateInputProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  status?: 'error';
  'data-testid'?: string;
}

export function DateInput({ value, onChange, ...rest }: DateInputProps) {
  return <Input {...rest} value={value} placeholder="dd/mm/yyyy" inputMode="numeric" maxLength={10} autoComplete="off" onChange={(e) => onChange(maskDate(e.target.value))} />;
}
