import { type MouseEvent, useEffect, useRef } from 'react';
import * as styles from './ErrorSummary.css.ts';

export interface FieldError {
  /** The id of the field the message belongs to; null for a message about the whole form. */
  field: string | null;
  message: string;
}

interface ErrorSummaryProps {
  errors: readonly FieldError[];
  /** Changes on each submission attempt, so a repeated failure takes focus again. */
  attempt: number;
}

/**
 * Shown when a submitted form has errors (the GOV.UK error summary): it takes focus so keyboard
 * and screen-reader users learn about them at once, and links to each field.
 */
export function ErrorSummary({ errors, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const text = errors.map((error) => error.message).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again on every failed attempt
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [attempt, text]);

  if (errors.length === 0) return null;

  // The page is a client-side route: follow the link by focusing the field, not the URL hash.
  const goTo = (event: MouseEvent<HTMLAnchorElement>, field: string) => {
    event.preventDefault();
    const target = document.getElementById(field);
    target?.focus();
  };

  return (
    <div
      ref={ref}
      className={styles.root}
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title" className={styles.title}>
        There is a problem
      </h2>
      <ul className={styles.list}>
        {errors.map(({ field, message }) => (
          <li key={field ?? 'form'}>
            {field === null ? (
              message
            ) : (
              <a href={`#${field}`} className={styles.link} onClick={(event) => goTo(event, field)}>
                {message}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
