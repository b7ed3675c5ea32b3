import { loadOnce } from './loadOnce.ts';

/**
 * The flow's page (XState, the machine, the session, the route bridge): a first step asks for it
 * once it is on screen, a later step's route waits for it (see the onboarding route).
 */
const flowPage = loadOnce(() => import('../onboarding/OnboardingPage.tsx'));

/** Loads the flow's page, once; a failed download is tried again by the next call. */
export const loadFlowPage = flowPage.load;

/** The flow's page when it has loaded, else null. */
export const loadedFlowPage = flowPage.loaded;

/**
 * The flow's scripts, listed by the HTML of a first step opened at its own address
 * (`scripts/prerender.mjs`): they are downloaded as soon as the step is on screen and run when the
 * visitor first acts (decision 43).
 */
export const FLOW_SCRIPTS_META = 'flow-scripts';

/** What tells that a visitor is at the page: a press, a key, a touch, a pointer moved. */
const VISITOR_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart'] as const;

let visitorActed = false;
let preloaded = false;

/**
 * Calls `start` when the flow's code is to run. At once on a page whose HTML does not list the
 * flow's scripts (a later step's, or a page reached from another within the site, where the
 * visitor has already acted), when developer tools wait for the session, and after the visitor
 * has acted once. Otherwise the scripts are downloaded now, without being run, and `start` is
 * called at the visitor's first press, key, touch or pointer movement: the page that is read
 * before it is used is not kept busy by code nobody has asked for yet. Returns the function that
 * stops waiting.
 */
export function whenVisitorActs(start: () => void): () => void {
  const listed = document.querySelector<HTMLMetaElement>(`meta[name="${FLOW_SCRIPTS_META}"]`);
  if (
    visitorActed ||
    listed === null ||
    typeof Reflect.get(window, '__ONBOARDING_DEVTOOLS_HOOK__') === 'function'
  ) {
    start();
    return () => {};
  }
  if (!preloaded) {
    preloaded = true;
    for (const href of listed.content.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
  const acted = () => {
    visitorActed = true;
    stop();
    start();
  };
  const stop = () => {
    for (const type of VISITOR_EVENTS) window.removeEventListener(type, acted, true);
  };
  for (const type of VISITOR_EVENTS) {
    window.addEventListener(type, acted, { capture: true, passive: true });
  }
  return stop;
}

/** The visitor has acted in a way the page's listeners may not see (a click from assistive technology). */
export function noteVisitorActed(): void {
  visitorActed = true;
}

/** Forgets that the visitor has acted (tests only: each test is a new page). */
export function resetVisitorForTests(): void {
  visitorActed = false;
  preloaded = false;
}
