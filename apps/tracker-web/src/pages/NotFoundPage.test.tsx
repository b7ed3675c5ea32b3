import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { fakeTracker } from '../../test/fakeFetch.ts';
import { renderApp } from '../../test/renderApp.tsx';

it('says there is no page at an unknown path, with a way home', async () => {
  const tracker = fakeTracker({});
  await renderApp('/no/such/page');
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(screen.getByText('/no/such/page')).toBeVisible();
  expect(document.title).toBe('Page not found | Accountability Partners Tracker');
  expect(screen.getByRole('main')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/');
  expect(tracker.requests).toHaveLength(0);
});
