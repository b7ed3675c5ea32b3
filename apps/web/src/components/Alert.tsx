import type { ReactNode } from 'react';
import * as styles from './Alert.css.ts';

export type AlertVariant = keyof typeof styles.root;

/** A message box; destructive and warning ones are announced (role="alert"), the others politely. */
export function Alert({
  variant,
  title,
  children,
}: {
  variant: AlertVariant;
  title: string;
  children?: ReactNode;
}) {
  const urgent = variant === 'destructive' || variant === 'warning';
  return (
    <div role={urgent ? 'alert' : 'status'} className={styles.root[variant]}>
      <p className={styles.title}>{title}</p>
      {children ? <div>{children}</div> : null}
    </div>
  );
}
