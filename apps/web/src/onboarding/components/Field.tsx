import { type ChangeEvent, type ReactNode, useEffect, useRef } from 'react';
import * as styles from './Field.css.ts';

interface FieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  multiline?: boolean;
  placeholder?: string;
  required?: boolean;
  /** While the answer is being sent: the text stays readable and focusable, but fixed. */
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
  placeholder,
  required = false,
  readOnly = false,
  maxLength,
}: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  // Text typed into the prerendered page before its code ran is the answer once it has: React's
  // first render did not know of it.
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page's code takes over.
  useEffect(() => {
    const typed = control.current?.value ?? '';
    if (value === '' && typed !== '') onChange(typed);
  }, []);
  const common = {
    ref: control,
    id,
    name: id,
    value,
    placeholder,
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
      {multiline ? (
        <textarea {...common} className={styles.textarea} rows={4} />
      ) : (
        <input {...common} type={type} className={styles.control} />
      )}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
