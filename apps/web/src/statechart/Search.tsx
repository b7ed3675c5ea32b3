import { type KeyboardEvent, useMemo, useState } from 'react';
import * as styles from './StatechartPage.css.ts';
import { type SearchResult, searchStates } from './views.ts';

export function Search({
  onPick,
  search = searchStates,
  label = 'Find a state or screen',
}: {
  onPick: (id: string) => void;
  /** The states whose words contain the query (the onboarding's by default). */
  search?: (query: string) => SearchResult[];
  label?: string;
}) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const results = useMemo(() => search(query).slice(0, 12), [search, query]);
  const pick = (id: string) => {
    onPick(id);
    setOpen(false);
    setQuery('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setIndex((i) => Math.min(results.length - 1, i + 1));
    else if (event.key === 'ArrowUp') setIndex((i) => Math.max(0, i - 1));
    else if (event.key === 'Enter') {
      const result = results[index];
      if (result !== undefined) pick(result.id);
    } else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
  };
  const listId = 'studio-search-results';
  const showing = open && results.length > 0;
  return (
    <div className={styles.search}>
      {/* type="text": HTML allows the combobox role on a text input, not on a search input. */}
      <input
        type="text"
        className={styles.searchInput}
        placeholder={label}
        aria-label={label}
        role="combobox"
        aria-expanded={showing}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showing ? `${listId}-${index}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setIndex(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {showing ? (
        <div id={listId} role="listbox" aria-label="States found" className={styles.results}>
          {results.map((result, position) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options of an aria-activedescendant combobox stay out of the tab order; the input moves through them
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (arrows, Enter)
            <div
              key={result.id}
              id={`${listId}-${position}`}
              role="option"
              aria-selected={position === index}
              className={styles.result}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(result.id)}
            >
              {result.text}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
