import { HOLD_SECONDS, HOLD_WARNING_SECONDS } from '@app/contracts';

/** The slot hold is kept as an absolute expiry (ms since epoch) so that a reload resumes it. */
export const HOLD_MS = HOLD_SECONDS * 1000;

/** Whole seconds left before `expiresAt`, rounded up, never below 0. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** Formats seconds as m:ss, the countdown's format on the team step (spec 2). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** True once the hold has this little time left: the moment to offer an extension (WCAG 2.2.1). */
export function isHoldEnding(expiresAt: number, now: number): boolean {
  return secondsLeft(expiresAt, now) <= HOLD_WARNING_SECONDS;
}
