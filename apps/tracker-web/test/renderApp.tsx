import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { createAppRouter } from '../src/router.tsx';

/** Renders the whole app (layout, router, toaster) at `path`, as a member landing there sees it. */
export async function renderApp(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const result = render(<RouterProvider router={router} />);
  await act(() => router.load());
  return { ...result, router };
}

/** The path, search included, the router is at now. */
export function currentHref(router: ReturnType<typeof createAppRouter>): string {
  return router.state.location.href;
}
