/** A labelled form field with its error line, for the light public forms. */
import type { ReactNode } from 'react';

export function Field({ id, label, error, hidden = false, children }: { id: string; label: string; error?: string; hidden?: boolean; children: ReactNode }) {
  return (
    <div className={error ? 'field field-invalid' : 'field'} hidden={hidden}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <div className="field-error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
