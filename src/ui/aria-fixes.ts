/**
 * A fix for antd 5, in one place: a Form.Item with a required rule gives its control `aria-required`, and a
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

/** Watches the page and moves the attribute whenever antd sets it again. Answers a function that stops. */
export function watchAriaRequired(doc: Document = document): () => void {
  moveAriaRequired(doc);
  const observer = new MutationObserver(() => moveAriaRequired(doc));
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-required'] });
  return () => observer.disconnect();
}
