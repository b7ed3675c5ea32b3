import type { SignInParams } from '@app/onboarding/flow';
import { TRACKER_SIGN_IN_URL } from '../config.ts';

/** Where the tracker shows a member their handed-over seat, or lets them choose a team. */
const FIND_A_TEAM = '/find-a-team';

/**
 * The tracker's sign-in for the account step's Sign in: after signing in, the member lands on
 * Find a team with the seat handed over (`?seat=<hold id>&key=<token>`), or without one when none
 * was held. The site's `/sign-in` passes `next` on to the tracker's own origin.
 */
export function signInAddress({ seat }: SignInParams, base: string = TRACKER_SIGN_IN_URL): string {
  const next =
    seat === null
      ? FIND_A_TEAM
      : `${FIND_A_TEAM}?${new URLSearchParams({ seat: seat.id, key: seat.key })}`;
  return `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams({ next })}`;
}
