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
  // Read when the dialog opens, not a reason to run the effect again.
  const focusTarget = useRef(focusOnOpen);
  focusTarget.current = focusOnOpen;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      focusTarget.current()?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const onClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    // The browser's close event comes after close() (with the next frame): a dialog opened
    // again meanwhile is open, and stays so.
    if (open && !event.currentTarget.open) onDismiss();
  };

  return { ref, onClose };
}
