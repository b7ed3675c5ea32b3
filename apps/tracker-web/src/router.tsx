import { appRouterOptions } from '@app/ui/router-options';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(history?: RouterHistory, { prerender = false } = {}) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    ...appRouterOptions({ prerender }),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
