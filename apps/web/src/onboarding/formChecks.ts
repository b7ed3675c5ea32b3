import {
  CHECKED_EVENTS,
  formChecksInstalled,
  installFormChecks,
  type OnboardingEvent,
} from '@app/onboarding/flow';

let loading: Promise<void> | null = null;

/**
 * Loads and installs the machine's form checks (the contracts' zod schemas), once: the page starts
 * this once its first step is on screen, and an answer sent before it has finished waits for it.
 */
export function loadFormChecks(): Promise<void> {
  if (formChecksInstalled()) return Promise.resolve();
  loading ??= import('@app/onboarding/forms').then(
    ({ zodFormChecks }) => installFormChecks(zodFormChecks),
    (error: unknown) => {
      // A failed download is tried again by the next answer.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Sends `event` to `actor`; an answer the machine checks (a step's submit) is sent once the checks
 * are installed. Should their download fail, the answer is dropped (the step stays as it was, its
 * button ready) and the next press tries again.
 */
export function sendChecked(
  actor: { send(event: OnboardingEvent): void },
  event: OnboardingEvent,
  load: () => Promise<void> = loadFormChecks,
): void {
  if (!CHECKED_EVENTS.has(event.type) || formChecksInstalled()) {
    actor.send(event);
    return;
  }
  load().then(
    () => actor.send(event),
    () => undefined,
  );
}
