import type { ReactNode } from 'react';
import * as styles from './ConfirmDialog.css.ts';
import { useModalDialog } from './useModalDialog.ts';

/**
 * A modal form (the browser's own <dialog>: it keeps focus inside and makes the page behind it
 * inert). Opening it puts focus on the element with `focusId` (its first field); Escape, like
 * the caller's Cancel, calls `onClose`. Closing gives focus back to the opener at once (the
 * browser's own dialog does that); no caller should move it there later as well: a later hand-off
 * (the next frame) lands after a quick keyboard user has opened the dialog again, and takes focus
 * out of it.
 */
export function FormDialog({
  open,
  titleId,
  focusId,
  onClose,
  children,
}: {
  open: boolean;
  /** The id of the dialog's heading, inside `children`. */
  titleId: string;
  focusId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useModalDialog(open, onClose, () => document.getElementById(focusId));

  return (
    <dialog
      ref={dialog.ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={dialog.onClose}
      onKeyDown={(event) => {
        // Escape closes it (as the browser's own dialog does) and gives focus back.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
