import { type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * The browser's own modal <dialog> driven by `open`, for the tracker's dialogs: opening it calls
 * `showModal()` and then focuses what `focusOnOpen` names (the dialog keeps focus inside and
 * makes the page behind it inert); closing calls `close()`, which gives focus back to the opener
 * at once. `onClose` goes on the element: `onDismiss` runs when the dialog closed by other means
 * than `open` (the browser's Escape, for one).
 */
export function useModalDialog(
  open: boolean,
  onDismiss: () => void,
  focusOnOpen: () => HTMLElement | null,
) {
  const ref = useRef<HTMLDialogElement>(null);
  // Whether the dialog is shown by this hook's showModal() and not closed by its own close().
  const shown = useRef(false);
  // Read when the dialog opens, not a reason to run the effect again.
  const focusTarget = useRef(focusOnOpen);
  focusTarget.current = focusOnOpen;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      shown.current = true;
      focusTarget.current()?.focus();
    } else if (!open && dialog.open) {
      shown.current = false;
      dialog.close();
    }
  }, [open]);

  const onClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    // The browser's close event comes after close() (with the next frame), so the event of this
    // hook's own close() can arrive once `open` is true again: before the dialog is shown again
    // (the effect not run yet) or after (open again). Only a dialog shown and since closed by
    // the browser itself is dismissed.
    if (!shown.current || event.currentTarget.open) return;
    shown.current = false;
    onDismiss();
  };

  return { ref, onClose };
}
