import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FLOW_SCRIPTS_META,
  noteVisitorActed,
  resetVisitorForTests,
  whenVisitorActs,
} from './flowPage.ts';

/** Puts the first step's list of the flow's scripts in the page's head, as its HTML has it. */
function listFlowScripts(...hrefs: string[]) {
  const meta = document.createElement('meta');
  meta.name = FLOW_SCRIPTS_META;
  meta.content = hrefs.join(' ');
  document.head.append(meta);
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  document.head.replaceChildren();
  Reflect.deleteProperty(window, '__ONBOARDING_DEVTOOLS_HOOK__');
  resetVisitorForTests();
});

describe('whenVisitorActs', () => {
  it('starts at once on a page that lists no flow scripts', () => {
    const start = vi.fn();
    whenVisitorActs(start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(preloads()).toEqual([]);
  });

  it('downloads the listed scripts without running them, and starts at the first press, once', () => {
    listFlowScripts('/assets/OnboardingPage-a.js', '/assets/Screen-b.js');
    const start = vi.fn();
    whenVisitorActs(start);
    expect(start).not.toHaveBeenCalled();
    expect(preloads()).toEqual(['/assets/OnboardingPage-a.js', '/assets/Screen-b.js']);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(start).toHaveBeenCalledTimes(1);
    // The visitor has acted: the next wait (an answer that tries a failed download again) does
    // not wait, and the scripts are not listed twice.
    const again = vi.fn();
    whenVisitorActs(again);
    expect(again).toHaveBeenCalledTimes(1);
    expect(preloads()).toHaveLength(2);
  });

  it('starts at a key, a touch or a pointer moved too', () => {
    for (const type of ['keydown', 'touchstart', 'pointermove']) {
      resetVisitorForTests();
      listFlowScripts('/assets/OnboardingPage-a.js');
      const start = vi.fn();
      whenVisitorActs(start);
      window.dispatchEvent(new Event(type));
      expect(start, type).toHaveBeenCalledTimes(1);
    }
  });

  it('starts at once after an answer given without a press (assistive technology)', () => {
    listFlowScripts('/assets/OnboardingPage-a.js');
    noteVisitorActed();
    const start = vi.fn();
    whenVisitorActs(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when developer tools wait for the session', () => {
    listFlowScripts('/assets/OnboardingPage-a.js');
    Reflect.set(window, '__ONBOARDING_DEVTOOLS_HOOK__', () => {});
    const start = vi.fn();
    whenVisitorActs(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when asked (the step went away)', () => {
    listFlowScripts('/assets/OnboardingPage-a.js');
    const start = vi.fn();
    const stop = whenVisitorActs(start);
    stop();
    window.dispatchEvent(new Event('pointerdown'));
    expect(start).not.toHaveBeenCalled();
  });
});
