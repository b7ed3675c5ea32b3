import '@testing-library/jest-dom/vitest';
import { resetToasts } from '@app/ui/toast-store';
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom does not implement scrolling; the router calls it on every navigation.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

// jsdom lacks pointer capture, which Radix's swipe handling calls on pointer events.
for (const name of ['hasPointerCapture', 'setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(name in Element.prototype)) {
    Object.defineProperty(Element.prototype, name, { value: () => false, writable: true });
  }
}

// jsdom has <dialog> but not its modal methods: open and close it the way a browser does, focus
// going back on close to where it was when the dialog opened.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const openers = new WeakMap<HTMLDialogElement, Element | null>();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    openers.set(this, document.activeElement);
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    const opener = openers.get(this);
    if (opener instanceof HTMLElement) opener.focus();
    // As Chromium does, the close event comes later (with the next frame), not within close():
    // the dialog may have been opened again by then.
    requestAnimationFrame(() => this.dispatchEvent(new Event('close')));
  };
}

afterEach(() => {
  cleanup();
  // The files share one jsdom: what a test kept on the "device" is not the next one's.
  localStorage.clear();
  // The offline copy's mark of the browser session (a cookie of the page's own).
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, emptied between tests
  document.cookie = 'tracker_kept=; Path=/; Max-Age=0';
  act(() => resetToasts());
  vi.unstubAllGlobals();
});
