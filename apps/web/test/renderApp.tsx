import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { createAppRouter } from '../src/router.tsx';

/** Renders the whole app (layout, router, toaster) at `path`, as a visitor landing there would see it. */
export async function renderApp(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const result = render(<RouterProvider router={router} />);
  await act(() => router.load());
  return { ...result, router };
}
