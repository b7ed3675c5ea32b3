import { ConsoleSearch, SEARCH_MAX } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Field } from '@app/ui/field';
import { type ReactNode, useId, useState } from 'react';
import * as styles from './Console.css.ts';

/**
 * A console list's search: a box for part of a name (checked as the tracker checks it), any
 * other filters as `children`, and Search. The search lives in the page's URL; give the form a
 * `key` of that search, so it shows what the URL says after Back or a Show-all link.
 */
export function ListSearch({
  landmark,
  label,
  initial,
  onSearch,
  showAll,
  children,
}: {
  /** What is searched, for the search landmark's name: 'Teams'. */
  landmark: string;
  label: string;
  initial: string | undefined;
  onSearch: (q: string | undefined) => void;
  /** The link back to the whole list, while a search is on. */
  showAll: ReactNode;
  children?: ReactNode;
}) {
  const inputId = useId();
  const [text, setText] = useState(initial ?? '');
  const [error, setError] = useState<string | undefined>();
  return (
    <search aria-label={landmark}>
      <form
        noValidate
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = ConsoleSearch.safeParse(text);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            document.getElementById(inputId)?.focus();
            return;
          }
          setError(undefined);
          onSearch(parsed.data === '' ? undefined : parsed.data);
        }}
      >
        <div className={styles.actions}>
          <Field
            id={inputId}
            label={label}
            type="search"
            value={text}
            maxLength={SEARCH_MAX}
            error={error}
            onChange={setText}
          />
          {children}
          <button type="submit" className={button.secondary}>
            Search
          </button>
          {showAll}
        </div>
      </form>
    </search>
  );
}
