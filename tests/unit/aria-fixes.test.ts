import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveAriaRequired, watchAriaRequired } from '../../src/ui/aria-fixes';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('aria-required moves from antd roots to their inputs', () => {
  it.each([
    ['a select', '<div class="ant-select" aria-required="true"><input role="combobox"></div>', 1],
    ['a date picker', '<div class="ant-picker" aria-required="true"><input></div>', 1],
    ['a plain input (left alone)', '<input class="ant-input" aria-required="true">', 0],
    ['a select that is not required', '<div class="ant-select"><input role="combobox"></div>', 0],
    ['a checkbox group (dropped: no one box is required)', '<div class="ant-checkbox-group" aria-required="true"><input type="checkbox"><input type="checkbox"></div>', 1],
  ])('%s', (_what, html, moved) => {
    document.body.innerHTML = html;
    expect(moveAriaRequired(document)).toBe(moved);
    expect(document.querySelector('.ant-select[aria-required], .ant-picker[aria-required], .ant-checkbox-group[aria-required]')).toBeNull();
    const group = html.includes('checkbox-group');
    if (moved && !group) expect(document.querySelector('input')?.getAttribute('aria-required')).toBe('true');
    if (group) expect(document.querySelector('input[aria-required]')).toBeNull();
  });
  it('keeps moving it when antd sets it again', async () => {
    document.body.innerHTML = '<div class="ant-select"><input role="combobox"></div>';
    const stop = watchAriaRequired(document);
    document.querySelector('.ant-select')?.setAttribute('aria-required', 'true');
    await vi.waitFor(() => {
      expect(document.querySelector('.ant-select')?.hasAttribute('aria-required')).toBe(false);
      expect(document.querySelector('input')?.getAttribute('aria-required')).toBe('true');
    });
    stop();
  });
});
