import { button } from '@app/ui/button.css';
import { type ReactNode, useId, useRef } from 'react';
import * as ui from '../styles/ui.css.ts';
import * as styles from './ConfirmDialog.css.ts';
import { useModalDialog } from './useModalDialog.ts';

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
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, onCancel, () => cancelRef.current);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={dialog.ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={dialog.onClose}
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
