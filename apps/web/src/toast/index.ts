export type { ToastAction, ToastHandle, ToastOptions, ToastVariant } from '@app/ui/toast-store';
export { dismissToast, toast } from '@app/ui/toast-store';
export { Toaster } from './DeferredToaster.tsx';
