import { button } from '@app/ui/button.css';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import * as ui from '../styles/ui.css.ts';
import * as styles from './ConfirmDialog.css.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape, or the dialog closing any other way. */
  onCancel: () => void;
}

/**
 * A modal question (the browser's own <dialog>: it keeps focus inside, closes on Escape and makes
 * the page behind it inert). Focus starts on Cancel, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={(event) => {
        // The browser's close event comes after close() (with the next frame): a dialog opened
        // again meanwhile is open, and stays so.
        if (open && !event.currentTarget.open) onCancel();
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={ui.h2}>
          {title}
        </h2>
        <div id={bodyId}>{children}</div>
        <div className={styles.actions}>
          <button type="button" className={button.danger} onClick={onConfirm}>
            {confirmLabel}
          </button>
          <button ref={cancelRef} type="button" className={button.secondary} onClick={onCancel}>
            {cancelLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
