import { call } from '@app/api-client/endpoints';
import {
  CHECK_IN_API,
  type CheckInStatus,
  MEMBER_API,
  type MemberHome,
  type MemberHomeWithCheckIns,
} from '@app/contracts';
import { redirect } from '@tanstack/react-router';
import { ApiError, isPasswordChangeRequired, isSignInRequired } from '../../api/errors.ts';
import { browserTimeZone } from './check-in-data.ts';

/**
 * The member's home; `keptAt` when it is this device's copy, shown without a connection;
 * `checkIns` when the tracker's check-in card came with it (null off a team); `session`, the
 * session it was read in (what the device keeps belongs to it).
 */
export type LoadedHome = MemberHome & {
  checkIns?: CheckInStatus | null;
  keptAt?: string;
  session?: MemberHomeWithCheckIns['session'];
};

/**
 * The member's home with its check-in card in one request (GET /api/me/home, which the app
 * shell's HTML asks for before the scripts are in), or a trip to sign-in that comes back to
 * `here`. The sign-in gives the tracker the browser's time zone, which the member's days follow
 * from then on (they change it on the profile page); when the account still has none (a session
 * from before), the first load sets it and the card is then read again in that zone. Without a connection, the copy this device kept of the last home it showed
 * (offline.ts, loaded only when needed).
 */
export function loadHome(here: string): Promise<LoadedHome> {
  latest = readHome(here);
  return latest;
}

let latest: Promise<LoadedHome> | null = null;

/**
 * The home the member pages' loader read last (its loader data), for a page's own loader that
 * depends on it: the router hands a child loader its parent's match before the data is on it.
 */
export function lastHome(): Promise<LoadedHome | null> {
  return latest ?? Promise.resolve(null);
}

async function readHome(here: string): Promise<LoadedHome> {
  let home: LoadedHome;
  try {
    home = await call(MEMBER_API.getHomeWithCheckIns);
  } catch (error) {
    if (isPasswordChangeRequired(error)) {
      throw redirect({ to: '/new-password', search: { next: here } });
    }
    const signedOut = isSignInRequired(error);
    const offline =
      signedOut || (error instanceof ApiError && error.kind === 'network')
        ? await import('./offline.ts')
        : null;
    // Nobody is signed in: what was kept for visits without a connection (the answers waiting
    // too) belonged to a session that has ended, and is no one's now.
    if (signedOut) {
      offline?.forgetOfflineData();
      throw redirect({ to: '/sign-in', search: { next: here } });
    }
    const kept = offline?.keptHome();
    if (kept) return { ...kept.home, keptAt: kept.keptAt };
    throw error;
  }
  // Signed in: anything kept in another session (another member's) goes before anything shows.
  void import('./offline.ts').then((offline) => offline.claimFor(home.session));
  const detected = home.account.timeZone === null ? browserTimeZone() : null;
  if (detected === null) return home;
  try {
    const { timeZone } = await call(CHECK_IN_API.setTimeZone, { timeZone: detected });
    // The card came counted in the default zone: the home's loader reads it again.
    const { checkIns: _stale, ...rest } = home;
    return { ...rest, account: { ...rest.account, timeZone } };
  } catch {
    // A zone the tracker does not know (an old browser's): the default stays until the member
    // chooses one on the profile page.
    return home;
  }
}
