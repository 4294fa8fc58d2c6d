/**
 * Focus management for the dialogs the shell opens by itself (the PIN dialog): remember the last element
 * focused outside any dialog, and give the focus back to it when the dialog closes — or, if that element
 * left the page meanwhile (the button of an action that just succeeded), to the main content, never the body.
 */
import { useEffect, useRef } from 'react';

const DIALOG = '.ant-modal-wrap, .ant-modal-root, [role="dialog"], [role="alertdialog"]';

export function insideDialog(el: Element | null): boolean {
  return Boolean(el?.closest(DIALOG));
}

/** Where the focus goes back to: the opener while it is on the page, else the main landmark. */
export function focusTarget(opener: HTMLElement | null, doc: Document = document): HTMLElement | null {
  if (opener && opener.isConnected && !insideDialog(opener)) return opener;
  return doc.getElementById('main-content');
}

export function useFocusReturn(): () => void {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const el = e.target;
      if (el instanceof HTMLElement && el !== document.body && !insideDialog(el)) last.current = el;
    };
    document.addEventListener('focusin', onFocus, true);
    return () => document.removeEventListener('focusin', onFocus, true);
  }, []);
  return () => {
    // after the dialog's own close (and antd's focus restore, which lands on the body when the dialog that
    // asked for the PIN is gone)
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body && !insideDialog(active)) return;
        focusTarget(last.current)?.focus();
      }),
    );
  };
}
