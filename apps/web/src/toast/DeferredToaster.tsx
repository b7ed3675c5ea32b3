import { deferredToaster } from '@app/ui/deferred-toaster';

/** This app's toaster, loaded once the page has mounted (packages/ui says why). */
export const Toaster = deferredToaster(() => import('./Toaster.tsx'));
