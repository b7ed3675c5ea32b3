export type { ToastAction, ToastHandle, ToastOptions, ToastVariant } from './store.ts';
export { dismissToast, toast } from './store.ts';
export { Toaster } from './Toaster.tsx';
