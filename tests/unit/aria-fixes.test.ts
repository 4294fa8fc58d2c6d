import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusableTableScrollers, inertMeasureRows, markDisabledSelects, moveAriaRequired, watchAriaFixes } from '../../src/ui/aria-fixes';

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
    const stop = watchAriaFixes(document);
    document.querySelector('.ant-select')?.setAttribute('aria-required', 'true');
    await vi.waitFor(() => {
      expect(document.querySelector('.ant-select')?.hasAttribute('aria-required')).toBe(false);
      expect(document.querySelector('input')?.getAttribute('aria-required')).toBe('true');
    });
    stop();
  });
});

describe('a disabled Select says so on its root', () => {
  it.each([
    ['a disabled select', '<div class="ant-select ant-select-disabled"><input disabled><span class="ant-select-selection-item">MR</span></div>', 1, 'true'],
    ['an enabled select (left alone)', '<div class="ant-select"><input><span class="ant-select-selection-item">MR</span></div>', 0, null],
    ['a select enabled again', '<div class="ant-select" aria-disabled="true"><input></div>', 1, null],
    ['a disabled select already marked', '<div class="ant-select ant-select-disabled" aria-disabled="true"><input disabled></div>', 0, 'true'],
  ])('%s', (_what, html, changed, after) => {
    document.body.innerHTML = html;
    expect(markDisabledSelects(document)).toBe(changed);
    expect(document.querySelector('.ant-select')?.getAttribute('aria-disabled') ?? null).toBe(after);
  });
  it('follows the Select when antd disables and enables it', async () => {
    document.body.innerHTML = '<div class="ant-select"><input></div>';
    const stop = watchAriaFixes(document);
    const select = document.querySelector('.ant-select') as HTMLElement;
    select.classList.add('ant-select-disabled');
    await vi.waitFor(() => expect(select.getAttribute('aria-disabled')).toBe('true'));
    select.classList.remove('ant-select-disabled');
    await vi.waitFor(() => expect(select.hasAttribute('aria-disabled')).toBe(false));
    stop();
  });
});

describe("a table's hidden measure row holds nothing focusable", () => {
  it('is made inert, once', async () => {
    const row = '<tr aria-hidden="true" class="ant-table-measure-row"><th><input type="checkbox" aria-label="Select all"></th></tr>';
    document.body.innerHTML = `<table><thead></thead><tbody>${row}</tbody></table>`;
    expect(inertMeasureRows(document)).toBe(1);
    expect(document.querySelector('.ant-table-measure-row')?.hasAttribute('inert')).toBe(true);
    expect(inertMeasureRows(document)).toBe(0);
    // a table rendered later is caught by the watcher
    const stop = watchAriaFixes(document);
    document.querySelector('tbody')?.insertAdjacentHTML('beforeend', row);
    await vi.waitFor(() => expect(document.querySelectorAll('.ant-table-measure-row:not([inert])')).toHaveLength(0));
    stop();
  });
});

describe("a table's scrolling box takes a Tab stop", () => {
  it.each([
    ['a box that scrolls sideways', '<div class="ant-table-content" style="overflow: auto hidden;"></div>', '0'],
    ['a box that scrolls down', '<div class="ant-table-body" style="overflow-y: scroll; max-height: 300px;"></div>', '0'],
    ['a box that does not scroll (left alone)', '<div class="ant-table-content"></div>', null],
    ['a box with its own tabindex (left alone)', '<div class="ant-table-content" style="overflow: auto hidden;" tabindex="-1"></div>', '-1'],
  ])('%s', (_what, html, tabindex) => {
    document.body.innerHTML = html;
    focusableTableScrollers(document);
    expect(document.body.firstElementChild?.getAttribute('tabindex') ?? null).toBe(tabindex);
  });
});
