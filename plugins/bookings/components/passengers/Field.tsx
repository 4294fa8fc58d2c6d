/** A labelled form field with its inline error (the label wraps the control, so it names it). */
import type { ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  /** The message to show, or nothing. */
  error?: string | false | null;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}

export function Field({ label, error, children, wide, testId }: FieldProps) {
  return (
    <label className={`bk-field${wide ? ' bk-field-wide' : ''}`}>
      <span className="bk-field-label">{label}</span>
      {children}
      {error && <small className="bk-error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>{error}</small>}
    </label>
  );
}
