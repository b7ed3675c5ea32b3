import { call, callAt } from '@app/api-client/endpoints';
import {
  CHECK_IN_API,
  type CheckInStatus,
  ERROR_CODES,
  type MemberHome,
  type TeamBoard,
} from '@app/contracts';
import { notFound, redirect } from '@tanstack/react-router';
import { ApiError, isSignInRequired, NETWORK_MESSAGE } from '../../api/errors.ts';
import type { PendingCheckIn } from './offline.ts';

/**
 * The check-in card's data: the tracker's answer, or without a connection this device's copy of
 * it (`kept`); with the answers given offline that wait to be sent.
 */
export type CheckInView = CheckInStatus & {
  pending: PendingCheckIn[];
  kept?: boolean;
  /** The session the home was read in: an answer kept offline is its, and sent only in it. */
  session?: string;
};

/** The browser's own IANA time zone ("Europe/Berlin"), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Today's (and, until noon, yesterday's) check-in of a member on a team, or null off a team (also
 * when the tracker says they are on none after all: they left in another tab). When it cannot be
 * read, the rest of the home still shows, with the reason in the card's place. The home and its
 * check-ins are kept on this device for a visit without a connection, which shows that copy.
 */
export async function loadCheckIns(
  here: string,
  // home-data.ts's LoadedHome (it imports this file, so the shape is written out here).
  home: MemberHome & {
    checkIns?: CheckInStatus | null;
    keptAt?: string;
    session?: { tag: string; endsAt: string };
  },
): Promise<CheckInView | { unavailable: string } | null> {
  const store = import('./offline.ts');
  const member = home.account.id;
  const session = home.session?.tag;
  const keptView = async () => {
    const { keptCheckIns, pendingCheckIns } = await store;
    const copy = keptCheckIns(member);
    return copy
      ? { ...copy, pending: pendingCheckIns(member, session), kept: true, session }
      : null;
  };
  const { checkIns: readAlong, keptAt, ...plain } = home;
  if (!home.team || readAlong === null) {
    if (!keptAt) (await store).keepHome(plain, null);
    return null;
  }
  if (keptAt) return (await keptView()) ?? { unavailable: NETWORK_MESSAGE };
  try {
    // Read with the home (GET /api/me/home) unless the home was read without it.
    const status = readAlong ?? (await call(CHECK_IN_API.checkInStatus));
    const { keepHome, pendingCheckIns } = await store;
    keepHome(plain, status);
    return { ...status, pending: pendingCheckIns(member, session), session };
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    if (error instanceof ApiError && error.status === 404) return null;
    const kept = error instanceof ApiError && error.kind === 'network' ? await keptView() : null;
    return (
      kept ?? { unavailable: error instanceof ApiError ? error.message : 'It could not be read.' }
    );
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
