/** The range picker loaded on demand (src/ui/date/LazyRangePicker.tsx): its stand-in's text, and the hand-over. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { LazyRangePicker, preloadRangePicker, rangeText } from '../../src/ui/date/LazyRangePicker';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('rangeText', () => {
  it.each([
    ['no value, placeholders', null, 'DD/MM/YYYY', ['Từ', 'Đến'], { text: '', placeholder: 'Từ → Đến' }],
    ['both dates', [dayjs('2026-11-02'), dayjs('2026-11-09')], 'DD/MM/YYYY', undefined, { text: '02/11/2026 → 09/11/2026', placeholder: '' }],
    ['only the start', [dayjs('2026-11-02'), null], 'YYYY-MM-DD', ['a', 'b'], { text: '2026-11-02 → ', placeholder: 'a → b' }],
    ['only the end', [null, dayjs('2026-11-09')], 'DD/MM', undefined, { text: ' → 09/11', placeholder: '' }],
    ['a format that is not a string', [dayjs('2026-11-02'), dayjs('2026-11-03')], ['DD/MM/YYYY'], undefined, { text: '2026-11-02 → 2026-11-03', placeholder: '' }],
  ])('%s', (_name, value, format, placeholder, out) => {
    expect(rangeText(value as never, format, placeholder)).toEqual(out);
  });
});

describe('LazyRangePicker', () => {
  it('shows the stand-in with the field id, aria-label and class, then the picker, which takes the focus the stand-in had', async () => {
    const el = document.createElement('div');
    document.body.append(el);
    const root = createRoot(el);
    act(() => root.render(<LazyRangePicker id="booked" aria-label="Dates" className="date-range-field" format="DD/MM/YYYY" placeholder={['from', 'to']} />));
    // the first render, before the picker's code is here
    const standIn = el.querySelector<HTMLInputElement>('[data-testid="range-picker-stand-in"]');
    expect(standIn).not.toBeNull();
    expect(standIn!.id).toBe('booked');
    expect(standIn!.placeholder).toBe('from → to');
    // a filter without a visible label keeps its name, and the page's width class holds the picker's place
    expect(standIn!.getAttribute('aria-label')).toBe('Dates');
    expect(standIn!.closest('.date-range-field')).not.toBeNull();
    act(() => standIn!.focus());
    await act(async () => {
      await preloadRangePicker();
    });
    await vi.waitFor(() => expect(el.querySelector('.ant-picker-range.date-range-field')).not.toBeNull());
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('booked'));
    expect(el.querySelector('[data-testid="range-picker-stand-in"]')).toBeNull();
    // unmounted, and the frames it asked for run, before the environment closes its window: a frame callback left
    // for after the teardown read a closed window (an unhandled error that failed a CI run)
    act(() => root.unmount());
    el.remove();
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
});
