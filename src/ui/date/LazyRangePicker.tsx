/**
 * antd's range picker, loaded on demand: the date picker (about 32 KB gzip with dayjs's locale data) is shared by
 * many pages, and each page that showed one carried it in its own download. Until its code is here (usually a few
 * ms after the page's, fetched as soon as the page renders one), a stand-in of the same size shows the value and the
 * placeholders; it takes the focus, the field's id (its label points at it) and its aria-label, and hands the focus
 * on to the picker when the picker replaces it: nothing moves and a keyboard user does not lose their place.
 */
import { lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { ConfigProvider, Input } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { RangePickerProps } from './range-picker';
import './lazy-range-picker.css';

let load: Promise<typeof import('./range-picker')> | null = null;
/** Fetches the range picker's code now (a page that will show one, at idle time). */
export function preloadRangePicker(): Promise<unknown> {
  load ??= import('./range-picker').catch((error: unknown) => {
    load = null; // tried again on the next render
    throw error;
  });
  return load;
}
const RangePicker = lazy(() => preloadRangePicker() as Promise<typeof import('./range-picker')>);

type Value = [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

/** The text the stand-in shows: the two dates (or their placeholders) like the picker. */
export function rangeText(value: Value, format: unknown, placeholder: unknown): { text: string; placeholder: string } {
  const pattern = typeof format === 'string' ? format : 'YYYY-MM-DD';
  const [from, to] = value ?? [null, null];
  const [p0, p1] = Array.isArray(placeholder) ? (placeholder as string[]) : ['', ''];
  const text = from || to ? `${from ? from.format(pattern) : ''} → ${to ? to.format(pattern) : ''}` : '';
  return { text, placeholder: p0 || p1 ? `${p0 ?? ''} → ${p1 ?? ''}` : '' };
}

/**
 * Where the page sets no width, give it `className="date-range-field"` (lazy-range-picker.css: the width the picker
 * takes by itself with a date-only format), so that the stand-in, an input that would fill its row, does not move
 * what follows it.
 */
export function LazyRangePicker(props: RangePickerProps) {
  const [focused, setFocused] = useState(false);
  // the picker's own placeholders (the antd locale of the language) when the page gives none
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const { text, placeholder } = rangeText(props.value as Value, props.format, props.placeholder ?? locale?.DatePicker?.lang.rangePlaceholder);
  const standIn: ReactNode = (
    <Input
      id={typeof props.id === 'string' ? props.id : props.id?.start}
      aria-label={props['aria-label']}
      readOnly
      value={text}
      placeholder={placeholder}
      className={props.className}
      status={props.status}
      disabled={props.disabled === true}
      suffix={<CalendarOutlined aria-hidden />}
      aria-busy="true"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      data-testid="range-picker-stand-in"
    />
  );
  return (
    <Suspense fallback={standIn}>
      <RangePicker {...props} focusOnMount={focused} />
    </Suspense>
  );
}
