import {
  CATEGORIES,
  type ConsoleArea,
  ConsoleSearch,
  isCategory,
  SEARCH_MAX,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Field } from '@app/ui/field';
import * as fieldStyles from '@app/ui/field.css';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import * as styles from './Console.css.ts';

/** The landmark of the list whose search was just sent (see the focus in ListSearch). */
let searched: string | null = null;

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
  const submit = useRef<HTMLButtonElement>(null);
  // The form is drawn anew for the search it shows (its `key`): the new one takes focus back on
  // Search, where the operator left it, so the keyboard does not fall to the page's start.
  useEffect(() => {
    if (searched !== landmark) return;
    searched = null;
    submit.current?.focus();
  }, [landmark]);
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
          searched = landmark;
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
          <button ref={submit} type="submit" className={button.secondary}>
            Search
          </button>
          {showAll}
        </div>
      </form>
    </search>
  );
}

/** The focus areas by the names the console shows them with. */
export const AREA_NAMES: Record<ConsoleArea, string> = {
  work: 'Work',
  school: 'School',
  god: 'God',
  other: 'Other',
};

/** An area from the URL in words; one the tracker refused is shown as it was typed. */
export const areaName = (area: string) => (isCategory(area) ? AREA_NAMES[area] : area);

/** A list's focus area filter, for ListSearch's `children`: Any area or one of them. */
export function AreaSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (area: string) => void;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.root}>
      <label htmlFor={id} className={fieldStyles.label}>
        Area
      </label>
      <select
        id={id}
        className={fieldStyles.control}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Any area</option>
        {CATEGORIES.map((area) => (
          <option key={area} value={area}>
            {AREA_NAMES[area]}
          </option>
        ))}
      </select>
    </div>
  );
}
