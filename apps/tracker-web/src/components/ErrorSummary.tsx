import { type MouseEvent, useEffect, useId, useRef } from 'react';
import * as styles from './ErrorSummary.css.ts';
import type { FormError } from './form.ts';

interface ErrorSummaryProps {
  errors: readonly FormError[];
  /** Changes on each failed submission, so a repeated failure takes focus again. */
  attempt: number;
}

/**
 * Shown when a submitted form has errors (the GOV.UK error summary): it takes focus so keyboard
 * and screen-reader users learn about them at once, and links to each field.
 */
export function ErrorSummary({ errors, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again on every failed attempt
  useEffect(() => {
    if (attempt > 0 && errors.length > 0) ref.current?.focus();
  }, [attempt]);

  if (errors.length === 0) return null;

  // A client-side route: follow the link by focusing the field, not by changing the URL's hash.
  const goTo = (event: MouseEvent<HTMLAnchorElement>, field: string) => {
    event.preventDefault();
    document.getElementById(field)?.focus();
  };

  return (
    <div ref={ref} className={styles.root} role="alert" tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        There is a problem
      </h2>
      <ul className={styles.list}>
        {errors.map(({ field, summary }) => (
          <li key={`${field ?? 'form'}:${summary}`}>
            {field === null ? (
              summary
            ) : (
              <a href={`#${field}`} className={styles.link} onClick={(event) => goTo(event, field)}>
                {summary}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
