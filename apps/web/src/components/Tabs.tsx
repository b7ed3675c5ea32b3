import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import * as styles from './Tabs.css.ts';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs per the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and select them;
 * only the selected tab is in the tab order, and Tab moves on into its panel.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
}: {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
}) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    refs.current.get(item.key)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.list}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={item.key === selected}
            aria-controls={`${baseId}-panel-${item.key}`}
            tabIndex={item.key === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(item.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) =>
        item.key === selected ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${baseId}-panel-${item.key}`}
            aria-labelledby={`${baseId}-tab-${item.key}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel focusable
            tabIndex={0}
          >
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
