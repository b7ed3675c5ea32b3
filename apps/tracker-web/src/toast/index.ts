export { Toaster } from './DeferredToaster.tsx';
export type { ToastAction, ToastHandle, ToastOptions, ToastVariant } from './store.ts';
export { dismissToast, toast } from './store.ts';
