import {
  CHECKED_EVENTS,
  formChecksInstalled,
  installFormChecks,
  type OnboardingEvent,
} from '@app/onboarding/flow';
import { loadOnce } from '../boot/loadOnce.ts';

/** The machine's form checks (the contracts' zod schemas), installed as they arrive. */
const formChecks = loadOnce(() =>
  import('@app/onboarding/forms').then(({ zodFormChecks }) => installFormChecks(zodFormChecks)),
);

/**
 * Loads and installs the form checks, once: the page starts this once its first step is on
 * screen, and an answer sent before it has finished waits for it. A failed download is tried
 * again by the next answer.
 */
export function loadFormChecks(): Promise<void> {
  if (formChecksInstalled()) return Promise.resolve();
  return formChecks.load();
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
