import { type ChangeEvent, type ReactNode, useEffect, useRef } from 'react';
import * as styles from './Field.css.ts';

interface FieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'search';
  /** Bounds of a number field. */
  min?: number;
  max?: number;
  autoComplete?: string;
  multiline?: boolean;
  placeholder?: string;
  required?: boolean;
  /** While the answer is being sent: the text stays readable and focusable, but fixed. */
  readOnly?: boolean;
  maxLength?: number;
  /**
   * Where the error message sits: before the control, under the hint (the tracker's forms, as
   * GOV.UK's), or after it (the site's steps). Screen readers hear the hint, then the error,
   * either way.
   */
  errorPlacement?: 'beforeControl' | 'afterControl';
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
  min,
  max,
  errorPlacement = 'afterControl',
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
  const message = error ? (
    <p id={errorId} className={styles.error}>
      {error}
    </p>
  ) : null;
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
      {errorPlacement === 'beforeControl' ? message : null}
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
      {errorPlacement === 'afterControl' ? message : null}
    </div>
  );
}
