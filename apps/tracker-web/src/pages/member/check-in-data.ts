import { CHECK_IN_API, type CheckInStatus, ERROR_CODES, type TeamBoard } from '@app/contracts';
import { notFound, redirect } from '@tanstack/react-router';
import { call, callAt } from '../../api/client.ts';
import { ApiError, isSignInRequired } from '../../api/errors.ts';

/** The browser's own IANA time zone ("Europe/Berlin"), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Today's (and, until noon, yesterday's) check-in of a member on a team. Null when the tracker
 * says they are on none after all (they left in another tab): the home then shows no card. When
 * it cannot be read, the rest of the home still shows, with the reason in the card's place.
 */
export async function loadCheckIns(
  here: string,
): Promise<CheckInStatus | { unavailable: string } | null> {
  try {
    return await call(CHECK_IN_API.checkInStatus);
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    if (error instanceof ApiError && error.status === 404) return null;
    return { unavailable: error instanceof ApiError ? error.message : 'It could not be read.' };
  }
}

/** The team's board; a team the member is not on is not found. */
export async function loadBoard(teamId: number, here: string): Promise<TeamBoard> {
  try {
    return await callAt(CHECK_IN_API.teamBoard, { params: { teamId } });
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    if (error instanceof ApiError && error.code === ERROR_CODES.TEAM_NOT_FOUND) throw notFound();
    throw error;
  }
}
