import { createMemoryHistory } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTracker, json } from '../test/fakeFetch.ts';
import { home } from '../test/members.ts';
import { boot } from './boot.tsx';
import { renderShell } from './entry-server.tsx';
import { createAppRouter } from './router.tsx';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.getElementById('root')?.remove();
});

/** #root as the front door sends it in the app shell, the skeleton inside. */
function page(html: string) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

describe('the first paint', () => {
  it("is the shell's skeleton on a member's page, kept until the page's data is in", async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeTracker({
      'GET /api/me/home': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const container = page(await renderShell());
    const loading = screen.getByText('Loading your page…');
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
    const started = boot(container, router);
    // Longer than the member pages wait before showing a skeleton of their own.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(container.contains(loading)).toBe(true);
    answer(json({ ...home(), checkIns: null }));
    root = await act(() => started);
    expect(await screen.findByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
    expect(screen.queryByText('Loading your page…')).toBeNull();
  });
});
