import type { ReactNode } from 'react';
import * as styles from './facts.css.ts';

/** One line of a `Facts` list: what it is, its value, and a class for the value where it stands out. */
export type Fact = readonly [term: string, value: ReactNode, valueClassName?: string];

/**
 * Facts about one thing (a team, a request, the server's status) as a definition list: each
 * label in bold beside its value. Both apps' cards and panels show their details this way.
 */
export function Facts({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={className ? `${styles.facts} ${className}` : styles.facts}>
      {facts.map(([term, value, valueClassName]) => (
        <FactLine key={term} term={term} value={value} valueClassName={valueClassName} />
      ))}
    </dl>
  );
}

function FactLine({
  term,
  value,
  valueClassName,
}: {
  term: string;
  value: ReactNode;
  valueClassName?: string;
}) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={valueClassName ? `${styles.value} ${valueClassName}` : styles.value}>
        {value}
      </dd>
    </>
  );
}
