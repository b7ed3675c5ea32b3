import {
  CHECK_IN_API,
  type CheckInAnswer,
  type CheckInStatus,
  type MemberHome,
  openDays,
} from '@app/contracts';
import { toast } from '@app/ui/toast-store';
import { call } from '../../api/client.ts';
import { ApiError, isSignInRequired } from '../../api/errors.ts';
import { dayInWords } from '../../components/dates.ts';
import { ANSWER_WORDS } from './words.ts';

/**
 * What the member's home keeps on this device for a visit without a connection: a copy of the
 * last home it showed (one member's, the last one signed in here) and the check-in answers given
 * offline, each under the member and the day, until they are sent. The service worker keeps none
 * of it (it caches no API answer). Signing out, or a session the tracker says has ended, removes
 * the copy; an answer waits for its own member to be signed in again.
 *
 * localStorage rather than IndexedDB: a few kilobytes, read once as a page starts.
 */

/** The last home shown on this device, as it was then. */
export interface KeptHome {
  member: number;
  /** When it was read from the tracker (ISO). */
  keptAt: string;
  home: MemberHome;
  checkIns: CheckInStatus | null;
}

/** A check-in answered without a connection, sent when the connection is back. */
export interface PendingCheckIn {
  member: number;
  day: string;
  answer: CheckInAnswer;
  note: string;
}

const OFFLINE_PREFIX = 'tracker.offline.';
const HOME_KEY = `${OFFLINE_PREFIX}home`;
const PENDING_PREFIX = `${OFFLINE_PREFIX}check-in.`;
const pendingKey = (member: number, day: string) => `${PENDING_PREFIX}${member}.${day}`;

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

/** Keeps the home (and the check-ins) the tracker just answered with, for a visit offline. */
export function keepHome(home: MemberHome, checkIns: CheckInStatus | null, now = new Date()) {
  write(HOME_KEY, {
    member: home.account.id,
    keptAt: now.toISOString(),
    home,
    checkIns,
  } satisfies KeptHome);
}

export function keptHome(): KeptHome | null {
  const kept = read<KeptHome>(HOME_KEY);
  // A copy kept by an earlier release lacks the standing the home is drawn from: not shown.
  return kept?.home?.standing === undefined ? null : kept;
}

/**
 * The member's kept check-ins as they stand at `now`: the days open now (today, and yesterday
 * until noon, in their zone), each with the answer the copy knew of.
 */
export function keptCheckIns(member: number, now = new Date()): CheckInStatus | null {
  const kept = read<KeptHome>(HOME_KEY);
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

/** The member's answers still to send, oldest day first. */
export function pendingCheckIns(member: number): PendingCheckIn[] {
  const prefix = `${PENDING_PREFIX}${member}.`;
  const found: PendingCheckIn[] = [];
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(prefix)) continue;
    const pending = read<PendingCheckIn>(key);
    if (pending) found.push(pending);
  }
  return found.sort((a, b) => a.day.localeCompare(b.day));
}

/** Drops a day's waiting answer: the member answered it with a connection. */
export function dropPendingCheckIn(member: number, day: string) {
  localStorage.removeItem(pendingKey(member, day));
}

/** Removes every trace of the member's data from this device (signing out, the account deleted). */
export function forgetOfflineData() {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(OFFLINE_PREFIX)) localStorage.removeItem(key);
  }
}

/** The copy of the home only: no one is signed in (an answer waits for its member). */
export function forgetKeptHome() {
  localStorage.removeItem(HOME_KEY);
}

let sending: Promise<boolean> | null = null;

/**
 * Sends the member's waiting answers, each once, and says in a toast what became of each; true
 * when any left the device (the home is read again). One sending at a time in this tab, and
 * across tabs under a Web Lock, each tab reading what is still waiting only once it holds the
 * lock. An answer leaves the device when the tracker has it or has refused it (the day closed
 * meanwhile); without a connection it waits for the next try. The check-in is a PUT of the day's
 * answer, so an answer sent twice (its reply lost on the way back) is still one answer.
 */
export function sendPendingCheckIns(member: number): Promise<boolean> {
  sending ??= withLock(() => sendAll(member)).finally(() => {
    sending = null;
  });
  return sending;
}

function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('tracker.pending-check-ins', work) : work();
}

async function sendAll(member: number): Promise<boolean> {
  let done = false;
  for (const pending of pendingCheckIns(member)) {
    const { day, answer, note } = pending;
    try {
      const sent = await call(CHECK_IN_API.checkIn, { day, answer, note });
      toast({
        title: `Your check-in is sent: ${ANSWER_WORDS[sent.answer]}`,
        description: `For ${dayInWords(day)}, now that the connection is back.`,
      });
    } catch (error) {
      // No connection, a busy tracker, or a session that has ended: it waits for the next try
      // (its member's next sign-in).
      if (!(error instanceof ApiError) || isSignInRequired(error)) break;
      if (error.status === null || error.status === 429 || error.status >= 500) break;
      toast({
        title: `Your answer for ${dayInWords(day)} was not saved`,
        description: error.message,
        variant: 'destructive',
      });
    }
    dropPendingCheckIn(member, day);
    done = true;
  }
  return done;
}
