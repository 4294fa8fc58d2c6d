/** antd's range picker, its own chunk (see LazyRangePicker): focused on mount when its stand-in had the focus. */
import { useEffect, useRef, type ComponentProps, type ComponentRef } from 'react';
import { DatePicker } from 'antd';

export type RangePickerProps = ComponentProps<typeof DatePicker.RangePicker>;

export default function RangePicker({ focusOnMount, ...props }: RangePickerProps & { focusOnMount?: boolean }) {
  const ref = useRef<ComponentRef<typeof DatePicker.RangePicker>>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
    // only when it replaces its stand-in
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <DatePicker.RangePicker ref={ref} {...props} />;
}
