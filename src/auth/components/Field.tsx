/**
 * A labelled form field with its error line, for the light public forms. The control whose id is `id` is
 * marked invalid (aria-invalid) and tied to the error line (aria-describedby) while there is an error, so a
 * screen reader announces the message with the field, whatever control the field wraps (input, captcha).
 */
import { useEffect, type ReactNode } from 'react';

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

export function Field({ id, label, error, hidden = false, children }: { id: string; label: string; error?: string; hidden?: boolean; children: ReactNode }) {
  useEffect(() => {
    const control = document.getElementById(id);
    if (!control) return;
    if (error) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', fieldErrorId(id));
    } else {
      control.removeAttribute('aria-invalid');
      control.removeAttribute('aria-describedby');
    }
  }, [id, error]);
  return (
    <div className={error ? 'field field-invalid' : 'field'} hidden={hidden}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <div className="field-error" id={fieldErrorId(id)} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
