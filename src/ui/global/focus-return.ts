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

/**
 * When the focused element leaves the page (the button of an action that just succeeded, a row that was
 * refreshed away), the browser drops the focus to the body and the next Tab starts from the top. Watches the
 * page and puts the focus on the main content instead, unless a dialog is open (it manages its own focus).
 * Answers a function that stops watching.
 */
export function watchLostFocus(doc: Document = document): () => void {
  let last: Element | null = null;
  const onFocus = (e: FocusEvent) => {
    if (e.target instanceof Element && e.target !== doc.body) last = e.target;
  };
  const observer = new MutationObserver(() => {
    if (!last || last.isConnected) return;
    last = null;
    const active = doc.activeElement;
    if ((active === null || active === doc.body) && !doc.querySelector('.ant-modal-wrap:not([style*="display: none"])')) {
      doc.getElementById('main-content')?.focus({ preventScroll: true });
    }
  });
  doc.addEventListener('focusin', onFocus, true);
  observer.observe(doc.body, { subtree: true, childList: true });
  return () => {
    doc.removeEventListener('focusin', onFocus, true);
    observer.disconnect();
  };
}
