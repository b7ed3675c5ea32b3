import type { ChangeEvent } from 'react';
import * as styles from './Field.css.ts';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'password' | 'number' | 'search';
  /** Bounds of a number field. */
  min?: number;
  max?: number;
  autoComplete?: string;
  multiline?: boolean;
  required?: boolean;
  /** While the form is being sent: the text stays readable and focusable, but fixed. */
  readOnly?: boolean;
  maxLength?: number;
}

/** A labelled input whose hint and error message are tied to it for screen readers. */
export function Field({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  multiline = false,
  required = false,
  readOnly = false,
  maxLength,
  min,
  max,
}: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    value,
    required,
    readOnly,
    maxLength,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value),
  };
  return (
    <div className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} className={styles.textarea} rows={4} />
      ) : (
        <input
          {...common}
          type={type}
          min={min}
          max={max}
          inputMode={type === 'number' ? 'numeric' : undefined}
          className={styles.control}
        />
      )}
    </div>
  );
}
