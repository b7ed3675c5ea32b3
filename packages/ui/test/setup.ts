import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetToasts } from '../src/toast-store.ts';

// jsdom lacks pointer capture, which Radix's swipe handling calls on pointer events.
for (const name of ['hasPointerCapture', 'setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(name in Element.prototype)) {
    Object.defineProperty(Element.prototype, name, { value: () => false, writable: true });
  }
}

afterEach(() => {
  cleanup();
  act(() => resetToasts());
});
