import { ERROR_CODES, HOLD_MAX_EXTENSIONS, HOLD_SECONDS, type Hold } from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { HoldRow } from '../repositories/holds.ts';
import type { TrackerContext } from './context.ts';

const HOLD_MS = HOLD_SECONDS * 1000;

export const teamFull = (name: string) =>
  new HttpError(ERROR_CODES.TEAM_FULL, `Team "${name}" has no open seat right now.`);
const teamNotFound = () => new HttpError(ERROR_CODES.TEAM_NOT_FOUND, 'Team not found');
const holdNotFound = () => new HttpError(ERROR_CODES.HOLD_NOT_FOUND, 'Hold not found');

/** The hold as the site API shows it; seconds are counted on the server's clock. */
export function toHold(row: HoldRow, now: Date): Hold {
  return {
    id: row.id,
    teamId: row.teamId,
    expiresAt: row.expiresAt.toISOString(),
    secondsLeft: Math.max(0, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Holds a seat on the team for `owner`, giving back any hold the owner had before. With the team
 * row locked, the seats taken are counted and the hold inserted, so of N owners racing for the
 * last seat exactly one gets it; the others get 409 TEAM_FULL.
 */
export async function createHold(ctx: TrackerContext, owner: string, teamId: number) {
  const { repos, database } = ctx;
  return database.db.transaction(async (tx) => {
    const team = await repos.teams.lock(teamId, tx);
    if (!team) throw teamNotFound();
    await repos.holds.releaseAll(owner, tx);
    // Read the clock after the lock: a request that waited for it must not count with a stale time.
    const now = ctx.trackerConfig.now();
    if ((await repos.teams.takenSeats(team.id, now, tx)) >= team.capacity) {
      throw teamFull(team.name);
    }
    const row = await repos.holds.insert(
      { teamId: team.id, owner, expiresAt: new Date(now.getTime() + HOLD_MS) },
      tx,
    );
    return { hold: toHold(row, now) };
  });
}

/**
 * Runs a live hold HOLD_SECONDS from now. The team is locked as when holding, so a hold that is
 * just running out cannot be extended while another owner counts its seat as free.
 */
export async function extendHold(ctx: TrackerContext, owner: string, id: string) {
  const { repos, database } = ctx;
  return database.db.transaction(async (tx) => {
    const found = await repos.holds.findOwned(id, owner, tx);
    if (!found) throw holdNotFound();
    await repos.teams.lock(found.teamId, tx);
    const hold = await repos.holds.findOwned(id, owner, tx, true);
    if (!hold) throw holdNotFound();
    const now = ctx.trackerConfig.now();
    if (hold.expiresAt.getTime() <= now.getTime()) {
      throw new HttpError(
        ERROR_CODES.HOLD_EXPIRED,
        'This hold has run out. Take a new one if the seat is still open.',
      );
    }
    if (hold.extensions >= HOLD_MAX_EXTENSIONS) {
      throw new HttpError(
        ERROR_CODES.HOLD_EXTENSION_LIMIT,
        `This hold was extended ${HOLD_MAX_EXTENSIONS} times and cannot be extended again.`,
      );
    }
    const row = await repos.holds.extend(hold.id, new Date(now.getTime() + HOLD_MS), tx);
    if (!row) throw holdNotFound();
    return { hold: toHold(row, now) };
  });
}

/** Gives the seat back. Only seats are freed here, so no lock is needed. */
export async function releaseHold(ctx: TrackerContext, owner: string, id: string) {
  if (!(await ctx.repos.holds.release(id, owner))) throw holdNotFound();
}
