import { type MouseEvent, useEffect, useRef } from 'react';
import * as styles from './ErrorSummary.css.ts';

export interface FieldError {
  /** The id of the field the message belongs to. */
  field: string;
  message: string;
}

interface ErrorSummaryProps {
  errors: readonly FieldError[];
  /** Changes on each submission attempt, so a repeated failure takes focus again. */
  attempt: number;
}

/**
 * Shown when a submitted form has errors: it takes focus so keyboard and screen-reader users
 * learn about them at once, and links to each field.
 */
export function ErrorSummary({ errors, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again on every failed attempt
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [attempt, errors.length]);

  if (errors.length === 0) return null;

  // The page is a client-side route: follow the link by focusing the field, not the URL hash.
  const goTo = (event: MouseEvent<HTMLAnchorElement>, field: string) => {
    event.preventDefault();
    document.getElementById(field)?.focus();
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
        {errors.map((error) => (
          <li key={error.field}>
            <a
              href={`#${error.field}`}
              className={styles.link}
              onClick={(event) => goTo(event, error.field)}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
