import * as styles from './StatechartPage.css.ts';

export function Swatch({ className }: { className: string }) {
  return (
    <svg width="36" height="10" className={styles.swatch} aria-hidden="true">
      <path d="M2 5H34" className={`${styles.edge} ${className}`} />
    </svg>
  );
}
