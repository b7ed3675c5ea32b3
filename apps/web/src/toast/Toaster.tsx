import { Toaster as SharedToaster } from '@app/ui/toaster';
import * as styles from './Toaster.css.ts';

/** The shared toaster, placed under this app's header. Mount it once, in the root layout. */
export function Toaster() {
  return <SharedToaster styles={styles} />;
}
