type FlowPage = typeof import('./OnboardingPage.tsx');

let page: FlowPage | null = null;
let loading: Promise<FlowPage> | null = null;

/**
 * Loads the flow's page (XState, the machine, the session, the route bridge), once: a first step
 * asks for it once it is on screen, a later step's route waits for it (see the onboarding route).
 * A failed download is tried again by the next call.
 */
export function loadFlowPage(): Promise<FlowPage> {
  loading ??= import('./OnboardingPage.tsx').then(
    (module) => {
      page = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The flow's page when it has loaded, else null. */
export function loadedFlowPage(): FlowPage | null {
  return page;
}
