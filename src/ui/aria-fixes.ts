/**
 * Fixes for antd 5, in one place.
 *
 * A Form.Item with a required rule gives its control `aria-required`, and a
 * Select or a date picker spreads it on its root <div>, which has no role that allows it (axe:
 * aria-allowed-attr; antd issue 46030, fixed in antd 6). The attribute is moved to the control's own input
 * (the combobox or the date text field), where a screen reader announces it.
 */
const ROOTS = '.ant-select[aria-required], .ant-picker[aria-required]';
/** A checkbox or radio group has no single input to carry it: the attribute is dropped (the label says "required"). */
const GROUPS = '.ant-checkbox-group[aria-required], .ant-radio-group[aria-required]';

export function moveAriaRequired(root: ParentNode): number {
  let moved = 0;
  root.querySelectorAll<HTMLElement>(ROOTS).forEach((el) => {
    const value = el.getAttribute('aria-required');
    const input = el.querySelector('input');
    el.removeAttribute('aria-required');
    if (input && value !== null) input.setAttribute('aria-required', value);
    moved += 1;
  });
  root.querySelectorAll<HTMLElement>(GROUPS).forEach((el) => {
    el.removeAttribute('aria-required');
    moved += 1;
  });
  return moved;
}

/**
 * A disabled Select disables its input, but the chosen value is a sibling of the input, so nothing tells
 * assistive technology (nor a checker: axe then asks the greyed value for text contrast, which WCAG does not
 * ask of inactive controls) that the value belongs to a disabled control: the root gets `aria-disabled`, and
 * loses it when the Select is enabled again.
 */
export function markDisabledSelects(root: ParentNode): number {
  let changed = 0;
  root.querySelectorAll<HTMLElement>('.ant-select').forEach((el) => {
    const disabled = el.classList.contains('ant-select-disabled');
    if (disabled && el.getAttribute('aria-disabled') !== 'true') {
      el.setAttribute('aria-disabled', 'true');
      changed += 1;
    } else if (!disabled && el.hasAttribute('aria-disabled')) {
      el.removeAttribute('aria-disabled');
      changed += 1;
    }
  });
  return changed;
}

/**
 * A table with a horizontal scroll measures its columns in a hidden first row (`aria-hidden`) that repeats
 * the header, a select-all checkbox and sorters included: focusable controls a screen reader cannot see (axe:
 * aria-hidden-focus). The row is made `inert`, which takes them out of the Tab order too.
 */
export function inertMeasureRows(root: ParentNode): number {
  let changed = 0;
  root.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])').forEach((row) => {
    row.setAttribute('inert', '');
    changed += 1;
  });
  return changed;
}

/**
 * A table given a scroll width or height scrolls inside its own box; when its rows hold no link or button the
 * keyboard could not reach what is scrolled out of view (axe: scrollable-region-focusable). The scrolling box
 * takes a Tab stop, so the arrow keys scroll it.
 */
export function focusableTableScrollers(root: ParentNode): number {
  let changed = 0;
  root.querySelectorAll<HTMLElement>('.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])').forEach((box) => {
    if (!/overflow(-[xy])?:\s*[^;]*\b(auto|scroll)\b/.test(box.getAttribute('style') ?? '')) return;
    box.setAttribute('tabindex', '0');
    changed += 1;
  });
  return changed;
}

/** Watches the page and applies the fixes above whenever antd renders again. Answers a function that stops. */
export function watchAriaFixes(doc: Document = document): () => void {
  const fix = () => {
    moveAriaRequired(doc);
    markDisabledSelects(doc);
    inertMeasureRows(doc);
    focusableTableScrollers(doc);
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-required', 'class'] });
  return () => observer.disconnect();
}
