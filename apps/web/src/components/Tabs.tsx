import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import * as styles from './Tabs.css.ts';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
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
        {items.map((item) => (
          <RadixTabs.Trigger key={item.key} value={item.key} className={styles.tab}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.key} value={item.key}>
          {item.panel}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
