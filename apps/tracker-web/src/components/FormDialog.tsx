import { type ReactNode, useEffect, useRef } from 'react';
import * as styles from './ConfirmDialog.css.ts';

/**
 * A modal form (the browser's own <dialog>: it keeps focus inside and makes the page behind it
 * inert). Opening it puts focus on the element with `focusId` (its first field); Escape, like
 * the caller's Cancel, calls `onClose`; once closed it gives focus back to where it was when it
 * opened (the opener), unless that has left the page.
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
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      document.getElementById(focusId)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      // Focus goes back where it was, at once: a later hand-off (the next frame) could land after
      // a quick keyboard user has opened the dialog again, and take focus out of it.
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open, focusId]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
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
