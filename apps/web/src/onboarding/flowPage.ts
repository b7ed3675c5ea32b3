import { loadOnce } from './loadOnce.ts';

/**
 * The flow's page (XState, the machine, the session, the route bridge): a first step asks for it
 * once it is on screen, a later step's route waits for it (see the onboarding route).
 */
const flowPage = loadOnce(() => import('./OnboardingPage.tsx'));

/** Loads the flow's page, once; a failed download is tried again by the next call. */
export const loadFlowPage = flowPage.load;

/** The flow's page when it has loaded, else null. */
export const loadedFlowPage = flowPage.loaded;
