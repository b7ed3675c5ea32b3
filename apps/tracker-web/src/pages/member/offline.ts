import { call } from '@app/api-client/endpoints';
import {
  CHECK_IN_API,
  type CheckInAnswer,
  type CheckInStatus,
  ERROR_CODES,
  MEMBER_SESSION_ABSOLUTE_HOURS,
  type MemberHome,
  type MemberHomeWithCheckIns,
  NewerCheckInKept,
  openDays,
} from '@app/contracts';
import { toast } from '@app/ui/toast-store';
import { ApiError, isSignInRequired } from '../../api/errors.ts';
import { dayInWords, timeIn } from '../../components/dates.ts';
import { ANSWER_WORDS } from './words.ts';

/**
 * What the member's home keeps on this device for a visit without a connection: a copy of the
 * last home it showed (one member's, the last one signed in here) and the check-in answers given
 * offline, each under the member and the day, until they are sent. The service worker keeps none
 * of it (it caches no API answer).
 *
 * All of it belongs to one member's session (the tag the tracker names it by, with the home):
 * - it is shown and sent only in that session: a home read in another one (another member, or
 *   the same member signed in again) removes it first, answers waiting included;
 * - signing out, or the tracker saying the session has ended, removes it;
 * - offline, it is shown only while the session could still be going: before its absolute end
 *   (KEPT_HOURS after signing in at most) and in the same browser session, which a cookie of this
 *   page's with no expiry marks (the browser drops it on closing, as it drops the session's own);
 *   else it is removed, unseen.
 *
 * localStorage rather than IndexedDB: a few kilobytes, read once as a page starts.
 */

/** The longest the copy is kept: the longest a session lasts (it is the session's). */
export const KEPT_HOURS = MEMBER_SESSION_ABSOLUTE_HOURS;

/** The session a home was read in (the home's `session`). */
export type KeptSession = NonNullable<MemberHomeWithCheckIns['session']>;

/** The last home shown on this device, as it was then. */
export interface KeptHome {
  member: number;
  /** The session it was read in, and the latest that session ends (ISO). */
  session: string;
  endsAt: string;
  /** When it was read from the tracker (ISO). */
  keptAt: string;
  home: SessionHome;
  checkIns: CheckInStatus | null;
}

/** A home as the tracker answers it, with the session it was read in. */
export type SessionHome = MemberHome & { session?: KeptSession };

/** A check-in answered without a connection, sent when the connection is back. */
export interface PendingCheckIn {
  member: number;
  /** The session it was given in: only that session sends it. */
  session: string;
  day: string;
  answer: CheckInAnswer;
  note: string;
  /** When it was given (ISO): the tracker keeps a newer answer over it. */
  givenAt: string;
}

const OFFLINE_PREFIX = 'tracker.offline.';
const HOME_KEY = `${OFFLINE_PREFIX}home`;
const PENDING_PREFIX = `${OFFLINE_PREFIX}check-in.`;
const pendingKey = (member: number, day: string) => `${PENDING_PREFIX}${member}.${day}`;
/** The browser session's mark: the session tag the copy was kept in, gone when the browser closes. */
const MARK = 'tracker_kept';

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or turned off (a private window): the app works on, without the offline copy.
  }
}

function markedSession(): string | null {
  const found = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${MARK}=`));
  return found ? decodeURIComponent(found.slice(MARK.length + 1)) : null;
}

function mark(session: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the mark must be a cookie (it ends with the browser session, as the session's own does), written before the page goes on; the Cookie Store API is asynchronous and missing from some browsers the app serves
  document.cookie =
    session === null
      ? `${MARK}=; Path=/; Max-Age=0; SameSite=Strict${secure}`
      : `${MARK}=${encodeURIComponent(session)}; Path=/; SameSite=Strict${secure}`;
}

/**
 * The home was read in `session` (a member's, now signed in): what this device kept in another
 * session (another member's, or an ended one of this member's) is removed, answers waiting
 * included. A home without a session (a tracker from before) keeps nothing.
 */
export function claimFor(session: KeptSession | undefined) {
  const kept = read<Pick<KeptHome, 'session'>>(HOME_KEY);
  const waiting = Object.keys(localStorage).flatMap((key) =>
    key.startsWith(PENDING_PREFIX) ? [read<PendingCheckIn>(key)?.session] : [],
  );
  const others = [kept?.session, ...waiting].some(
    (tag) => tag !== undefined && tag !== session?.tag,
  );
  if (others || (kept !== null && kept.session === undefined)) forgetOfflineData();
  if (session) mark(session.tag);
}

/** Keeps the home (and the check-ins) the tracker just answered with, for a visit offline. */
export function keepHome(home: SessionHome, checkIns: CheckInStatus | null, now = new Date()) {
  const { session } = home;
  claimFor(session);
  if (session === undefined) return;
  write(HOME_KEY, {
    member: home.account.id,
    session: session.tag,
    endsAt: session.endsAt,
    keptAt: now.toISOString(),
    home,
    checkIns,
  } satisfies KeptHome);
}

/**
 * The copy of the home, while it may still be shown at `now`: its session's browser session is
 * this one, and the session has not reached its end (nor the copy KEPT_HOURS). Anything else is
 * removed, answers waiting included: they were that session's.
 */
export function keptHome(now = new Date()): KeptHome | null {
  const kept = read<KeptHome>(HOME_KEY);
  if (kept === null) return null;
  const ends = Math.min(Date.parse(kept.endsAt), Date.parse(kept.keptAt) + KEPT_HOURS * 3_600_000);
  // A copy kept by an earlier release lacks the standing the home is drawn from, or its session.
  const usable =
    kept.home?.standing !== undefined &&
    typeof kept.session === 'string' &&
    markedSession() === kept.session &&
    now.getTime() < ends;
  if (usable) return kept;
  forgetOfflineData();
  return null;
}

/**
 * The member's kept check-ins as they stand at `now`: the days open now (today, and yesterday
 * until noon, in their zone), each with the answer the copy knew of.
 */
export function keptCheckIns(member: number, now = new Date()): CheckInStatus | null {
  const kept = keptHome(now);
  if (kept?.member !== member || kept.checkIns === null) return null;
  const status = kept.checkIns;
  const known = new Map(status.days.map((day) => [day.day, day.checkIn]));
  return {
    ...status,
    days: openDays(now, status.timeZone).map(({ day, which, closesAt }) => ({
      day,
      which,
      closesAt: closesAt.toISOString(),
      checkIn: known.get(day) ?? null,
    })),
  };
}

/** Keeps an answer given without a connection (a second one for the day replaces it). */
export function keepCheckIn(pending: PendingCheckIn): PendingCheckIn {
  write(pendingKey(pending.member, pending.day), pending);
  return pending;
}

/** The member's answers given in `session` still to send, oldest day first. */
export function pendingCheckIns(member: number, session: string | undefined): PendingCheckIn[] {
  const prefix = `${PENDING_PREFIX}${member}.`;
  const found: PendingCheckIn[] = [];
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(prefix)) continue;
    const pending = read<PendingCheckIn>(key);
    if (pending && session !== undefined && pending.session === session) found.push(pending);
  }
  return found.sort((a, b) => a.day.localeCompare(b.day));
}

/** Drops a day's waiting answer: the member answered it with a connection. */
export function dropPendingCheckIn(member: number, day: string) {
  localStorage.removeItem(pendingKey(member, day));
}

/**
 * Removes every trace of the member's data from this device, answers waiting included (signing
 * out, the account deleted, the session ended or another's begun).
 */
export function forgetOfflineData() {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(OFFLINE_PREFIX)) localStorage.removeItem(key);
  }
  mark(null);
}

let sending: Promise<boolean> | null = null;

/**
 * Sends the answers the member gave in `session`, each once with the time it was given, and says
 * in a toast what became of each; true when any left the device (the home is read again). One
 * sending at a time in this tab, and across tabs under a Web Lock, each tab reading what is still
 * waiting only once it holds the lock. An answer leaves the device when the tracker has it, keeps
 * a newer one instead (given on another device after it: the toast says which), or has refused it
 * (the day closed meanwhile); without a connection it waits for the next try. The check-in is a
 * PUT of the day's answer, so an answer sent twice (its reply lost on the way back) is still one
 * answer. A session the tracker says has ended takes its answers with it.
 */
export function sendPendingCheckIns(
  member: number,
  session: string | undefined,
  timeZone: string,
): Promise<boolean> {
  sending ??= withLock(() => sendAll(member, session, timeZone)).finally(() => {
    sending = null;
  });
  return sending;
}

function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('tracker.pending-check-ins', work) : work();
}

async function sendAll(
  member: number,
  session: string | undefined,
  timeZone: string,
): Promise<boolean> {
  let done = false;
  for (const pending of pendingCheckIns(member, session)) {
    const { day, answer, note, givenAt } = pending;
    try {
      const sent = await call(CHECK_IN_API.checkIn, { day, answer, note, givenAt });
      toast({
        title: `Your check-in is sent: ${ANSWER_WORDS[sent.answer]}`,
        description: `For ${dayInWords(day)}, now that the connection is back.`,
      });
    } catch (error) {
      if (isSignInRequired(error)) {
        // The session has ended: what it kept is no one's now.
        forgetOfflineData();
        return true;
      }
      // No connection or a busy tracker: it waits for the next try.
      if (!(error instanceof ApiError)) break;
      if (error.kind === 'network' || error.status === 429 || (error.status ?? 0) >= 500) break;
      const newer =
        error.code === ERROR_CODES.CHECK_IN_NEWER
          ? NewerCheckInKept.shape.details.safeParse(error.details)
          : null;
      if (newer?.success) {
        const kept = newer.data.checkIn;
        toast({
          title: `Your newer answer is kept: ${ANSWER_WORDS[kept.answer]}`,
          description: `For ${dayInWords(day)}, you answered ${ANSWER_WORDS[kept.answer]} at ${timeIn(kept.updatedAt, timeZone)}, after the ${ANSWER_WORDS[answer]} kept on this device; that one was not sent.`,
        });
      } else {
        toast({
          title: `Your answer for ${dayInWords(day)} was not saved`,
          description: error.message,
          variant: 'destructive',
        });
      }
    }
    dropPendingCheckIn(member, day);
    done = true;
  }
  return done;
}
