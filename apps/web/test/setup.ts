import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// A file that runs in Node (`@vitest-environment node`, such as the QA commands' test) has no DOM
// to prepare.
if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling; the router calls it on every navigation.
  Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

  afterEach(() => {
    cleanup();
    // Onboarding drafts live in session storage: each test starts with none. The files share one
    // jsdom per worker (`isolate: false`): what a test kept in either storage or stubbed on the
    // window is not the next one's.
    window.sessionStorage.clear();
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  // What a file left on the shared page (markup it wrote itself, its address, fake timers) is gone
  // before the next file starts.
  afterAll(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
    document.title = '';
    window.history.replaceState(null, '', '/');
  });

  // jsdom lacks pointer capture, which Radix's swipe handling calls on pointer events.
  for (const name of ['hasPointerCapture', 'setPointerCapture', 'releasePointerCapture'] as const) {
    if (!(name in Element.prototype)) {
      Object.defineProperty(Element.prototype, name, { value: () => false, writable: true });
    }
  }
}

// The onboarding page loads its later screens and the form checks once its first step is on
// screen; the tests start with them there, as a visitor has them a moment later
// (src/onboarding/formChecks.test.ts sends an answer before the checks have arrived).
if (typeof window !== 'undefined') {
  const { loadLaterScreens } = await import('../src/boot/lazyScreens.tsx');
  const { loadFormChecks } = await import('../src/onboarding/formChecks.ts');
  await Promise.all([loadLaterScreens(), loadFormChecks()]);
}
