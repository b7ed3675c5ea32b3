import { type MouseEvent, useEffect, useId, useRef } from 'react';
import * as styles from './ErrorSummary.css.ts';

export interface FieldError {
  /** The id of the field the message belongs to; null for a message about the whole form. */
  field: string | null;
  message: string;
  /** The words in the summary, where they differ from the message under the field (naming it). */
  summary?: string;
}

interface ErrorSummaryProps {
  errors: readonly FieldError[];
  /** Counts failed submissions (0 before the first), so a repeated failure takes focus again. */
  attempt: number;
}

/**
 * Shown when a submitted form has errors (the GOV.UK error summary): it takes focus so keyboard
 * and screen-reader users learn about them at once, and links to each field.
 */
export function ErrorSummary({ errors, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const shown = errors.map((error) => ({ ...error, text: error.summary ?? error.message }));
  // A failure found after the attempt began (an answer from the server) changes the text alone.
  const text = shown.map((error) => error.text).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again on every failed attempt
  useEffect(() => {
    if (attempt > 0 && errors.length > 0) ref.current?.focus();
  }, [attempt, text]);

  if (errors.length === 0) return null;

  // The page is a client-side route: follow the link by focusing the field, not the URL hash.
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
        {shown.map(({ field, text }) => (
          <li key={`${field ?? 'form'}:${text}`}>
            {field === null ? (
              text
            ) : (
              <a href={`#${field}`} className={styles.link} onClick={(event) => goTo(event, field)}>
                {text}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
