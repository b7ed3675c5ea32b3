/**
 * Reading members' pauses, apart from starting and ending them (`pauses.ts`): the days loader
 * reads these, and `pauses.ts` asks the membership machine, which reads the days loader, so the
 * reads live here to keep that a line rather than a circle.
 */
import { type Pause, shiftDay } from '@app/contracts';
import type { pauses } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { TrackerContext } from './context.ts';

export type PauseRow = Pick<typeof pauses.$inferSelect, 'firstDay' | 'lastDay'>;

/** Each of `userIds`' pauses, oldest first (absent: none). */
export async function pausesOf(
  ctx: TrackerContext,
  userIds: readonly number[],
  tx: Db = ctx.database.db,
): Promise<Map<number, PauseRow[]>> {
  const byUser = new Map<number, PauseRow[]>();
  if (userIds.length === 0) return byUser;
  const rows = await ctx.repos.pauses.ofUsers([...userIds], tx);
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return byUser;
}

/** The pause `today` is in, or null: a pause ends on its own once its last day has passed. */
export function pauseOn(rows: readonly PauseRow[] | undefined, today: string): Pause | null {
  const row = rows?.find((r) => r.firstDay <= today && today <= r.lastDay);
  return row ? { from: row.firstDay, until: row.lastDay } : null;
}

/** The days from `first` to `last` that fall in one of `rows`. */
export function pausedDaysIn(
  rows: readonly PauseRow[] | undefined,
  first: string,
  last: string,
): Set<string> {
  const days = new Set<string>();
  for (const row of rows ?? []) {
    const end = row.lastDay < last ? row.lastDay : last;
    for (
      let day = row.firstDay < first ? first : row.firstDay;
      day <= end;
      day = shiftDay(day, 1)
    ) {
      days.add(day);
    }
  }
  return days;
}
