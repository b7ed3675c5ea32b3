import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '@app/contracts';
import * as Toast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import * as styles from './Toaster.css.ts';
import { dismissToast, getToasts, subscribe } from './toast-store.ts';

export type { ToastPosition } from './Toaster.css.ts';

/**
 * Renders the toasts raised with `toast()`, placed for the app's header (`position`, see
 * Toaster.css.ts). The root layout mounts it, once.
 */
export function Toaster({ position }: { position: styles.ToastPosition }) {
  const toasts = useSyncExternalStore(subscribe, getToasts, getToasts);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={styles.root[item.variant ?? 'default']}
        >
          <Toast.Title className={styles.title}>{item.title}</Toast.Title>
          {item.description ? (
            <Toast.Description className={styles.description}>{item.description}</Toast.Description>
          ) : null}
          {item.action ? (
            <Toast.Action
              altText={item.action.altText}
              className={styles.action}
              onClick={item.action.onClick}
            >
              {item.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close className={styles.close} aria-label="Close">
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />
            </svg>
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Radix's default hotkey is F8 (spec 9): it moves focus to this region. */}
      <Toast.Viewport className={styles.viewport[position]} hotkey={['F8']} />
    </Toast.Provider>
  );
}
