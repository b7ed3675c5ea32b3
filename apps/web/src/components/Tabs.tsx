import * as RadixTabs from '@radix-ui/react-tabs';
import type { MouseEvent, ReactNode } from 'react';
import * as styles from './Tabs.css.ts';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
  /**
   * The address that shows this tab: the tab is then a link, which the browser follows itself
   * when a click comes before the page's code has run (the page reads the tab from it); after
   * that, a plain click selects the tab in place.
   */
  href?: string;
}

/**
 * Tabs per the WAI-ARIA tabs pattern, from @radix-ui/react-tabs: arrow keys, Home and End move
 * between tabs and select them; only the selected tab is in the tab order, and Tab moves on into
 * its panel.
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
  const byKey = new Map(items.map((item) => [item.key as string, item.key]));
  return (
    <RadixTabs.Root
      value={selected}
      onValueChange={(value) => {
        const key = byKey.get(value);
        if (key !== undefined) onSelect(key);
      }}
      activationMode="automatic"
    >
      <RadixTabs.List aria-label={label} className={styles.list}>
        {items.map((item) =>
          item.href === undefined ? (
            <RadixTabs.Trigger key={item.key} value={item.key} className={styles.tab}>
              {item.label}
            </RadixTabs.Trigger>
          ) : (
            <RadixTabs.Trigger key={item.key} value={item.key} className={styles.tab} asChild>
              {/* A link has no button type (Radix gives its trigger one). */}
              <a href={item.href} type={undefined} onClick={selectInPlace}>
                {item.label}
              </a>
            </RadixTabs.Trigger>
          ),
        )}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.key} value={item.key}>
          {item.panel}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

/** A plain click on a tab's link: the tab is selected (on the press), the page stays. */
function selectInPlace(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
}
