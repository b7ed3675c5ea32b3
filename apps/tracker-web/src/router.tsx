import { createRouterFor } from '@app/ui/router-options';
import type { RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

/** This app's router (see `createRouterFor`): `history` and `prerender` on the server only. */
export const createAppRouter = (history?: RouterHistory, options?: { prerender?: boolean }) =>
  createRouterFor(routeTree, history, options);

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
