import { TAKEN_OVER } from '@app/ui/early-taps';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTracker } from '../test/fakeFetch.ts';
import { renderApp } from '../test/renderApp.tsx';
import { PRERENDERED } from './entry-server.tsx';

/**
 * Every page rendered at build time carries the early-taps script inline (prerender.ts), which
 * holds a tap made before the app's scripts ran until the page tells it the app has taken over.
 * A page that never told it would keep such a tap, and say "Getting ready...", for ever.
 */
describe('the pages rendered at build time', () => {
  it.each(Object.keys(PRERENDERED))('%s tells the early-taps script once drawn', async (path) => {
    fakeTracker({});
    const told = vi.fn();
    document.addEventListener(TAKEN_OVER, told);
    try {
      await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
      expect(told).toHaveBeenCalled();
    } finally {
      document.removeEventListener(TAKEN_OVER, told);
    }
  });
});
