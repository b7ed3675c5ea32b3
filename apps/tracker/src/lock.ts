import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from '@app/server-kit';
import lockfile from 'proper-lockfile';

/**
 * The lock: `<dataDir>/tracker.lock`, a directory proper-lockfile creates atomically and keeps
 * fresh while the owner runs. (proper-lockfile names it after the file it locks, plus `.lock`.)
 */
export const LOCK_FILE = 'tracker.lock';
const LOCKED_NAME = 'tracker';
/** `tracker-gate.lock`: held for a moment by a process checking or taking over the lock. */
const GATE_NAME = 'tracker-gate';

export class DataDirLockedError extends StartupError {
  override name = 'DataDirLockedError';
  constructor(readonly dir: string) {
    super(
      `The data directory ${dir} is in use by another tracker process. ` +
        'Two processes on one embedded database lose data: stop the other process, or give this one ' +
        'its own TRACKER_DATA_DIR (or a DATABASE_URL).',
    );
  }
}

export interface LockOptions {
  /**
   * A lock not refreshed for this long belongs to a process that is gone (killed, crashed, or a
   * container that was restarted) and is taken over. The owner refreshes it every quarter of this.
   */
  staleMs?: number;
  /** How long to wait for a lock held by another process to be released or to go stale. */
  waitMs?: number;
  /** Called if the lock is lost while held (its directory removed, or not refreshed in time). */
  onCompromised?: (error: Error) => void;
}

export const DEFAULT_LOCK_STALE_MS = 15_000;

const isLocked = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ELOCKED';

/**
 * Takes the data directory for this process with proper-lockfile. No pid is involved, so a restart
 * in a container (where every run is pid 1) after `kill -9` is not mistaken for a live owner: the
 * dead process's lock stops being refreshed, goes stale, and is taken over. Start-up therefore waits
 * up to `staleMs` plus a little for such a lock, then refuses with DataDirLockedError.
 */
export async function lockDataDir(
  dir: string,
  { staleMs = DEFAULT_LOCK_STALE_MS, waitMs = staleMs + 2_000, onCompromised }: LockOptions = {},
): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await takeOnce(dir, staleMs, onCompromised);
    } catch (error) {
      if (!isLocked(error)) throw error;
      if (Date.now() >= deadline) throw new DataDirLockedError(dir);
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, staleMs / 4)));
    }
  }
}

/**
 * One attempt. proper-lockfile takes over a stale lock by checking its age, removing it and
 * creating it again; two processes that both saw it stale could each remove the other's fresh
 * lock and both go on. The gate makes that check-and-take-over one process at a time.
 */
async function takeOnce(
  dir: string,
  staleMs: number,
  onCompromised: LockOptions['onCompromised'],
): Promise<() => Promise<void>> {
  // Each lock names its own file: proper-lockfile keeps its bookkeeping per locked path.
  const releaseGate = await lockfile.lock(path.join(dir, GATE_NAME), {
    realpath: false,
    // The gate is held for milliseconds; one left by a crash in between is stale after 2 s.
    stale: 2_000,
    retries: { retries: 100, minTimeout: 10, maxTimeout: 50 },
  });
  try {
    const release = await lockfile.lock(path.join(dir, LOCKED_NAME), {
      realpath: false,
      stale: staleMs,
      update: Math.max(1_000, staleMs / 4),
      retries: 0,
      ...(onCompromised ? { onCompromised } : {}),
    });
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await release().catch(() => undefined);
    };
  } finally {
    await releaseGate().catch(() => undefined);
  }
}
