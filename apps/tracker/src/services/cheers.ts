import {
  CHECK_IN_MESSAGES,
  type CheckInReply,
  type CheerState,
  type Person,
  type Reactions,
} from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import type { TrackerContext } from './context.ts';
import { memberOnTeam } from './teammates.ts';

const noSuchTeam = () => new HttpError('TEAM_NOT_FOUND', 'No such team.');

/**
 * The check-in of `userId` on `day` as `viewerId` may see it: both Active members of `teamId`.
 * Anyone else (another team's member, an applicant, someone signed out of a team) gets 404, as
 * the board answers them.
 */
async function teammateCheckIn(
  ctx: TrackerContext,
  viewerId: number,
  teamId: number,
  userId: number,
  day: string,
) {
  const viewer = await memberOnTeam(ctx, viewerId);
  if (viewer === null || viewer.teamId !== teamId) throw noSuchTeam();
  const owner = userId === viewerId ? viewer : await memberOnTeam(ctx, userId);
  if (owner === null || owner.teamId !== teamId) throw notFound('Teammate');
  const row = await ctx.repos.checkIns.on(userId, day);
  if (row === null) {
    throw new HttpError('NOT_FOUND', CHECK_IN_MESSAGES.noCheckIn(owner.user.name, day));
  }
  return { viewer, owner, row };
}

/** The cheers of a check-in (its cheerers, oldest first) as `viewerId` sees them. */
const cheerStateOf = (people: Person[], viewerId: number): CheerState => ({
  cheers: people,
  cheeredByYou: people.some((p) => p.id === viewerId),
});

/** One check-in's cheers and replies (each oldest first) as `viewerId` sees them. */
export const reactionsSeen = (
  people: Person[],
  replies: CheckInReply[],
  viewerId: number,
): Reactions => ({ ...cheerStateOf(people, viewerId), replies });

async function cheerState(ctx: TrackerContext, checkInId: number, viewerId: number) {
  return cheerStateOf(await ctx.repos.checkIns.cheerersOn(checkInId), viewerId);
}

/**
 * Cheers a teammate's Yes check-in. A second cheer by the same person finds the unique row and
 * changes nothing, so a double tap counts once. No mail: a cheer is seen on the member's home.
 */
export async function cheer(
  ctx: TrackerContext,
  viewerId: number,
  teamId: number,
  userId: number,
  day: string,
): Promise<CheerState> {
  const { row } = await teammateCheckIn(ctx, viewerId, teamId, userId, day);
  if (userId === viewerId) throw new HttpError('VALIDATION_ERROR', CHECK_IN_MESSAGES.ownCheer);
  if (!row.done) throw new HttpError('CHECK_IN_NOT_YES', CHECK_IN_MESSAGES.cheerYesOnly);
  await ctx.repos.checkIns.cheer(row.id, viewerId, ctx.trackerConfig.now());
  return cheerState(ctx, row.id, viewerId);
}

/** Takes the viewer's cheer of a teammate's check-in back (none to take back changes nothing). */
export async function uncheer(
  ctx: TrackerContext,
  viewerId: number,
  teamId: number,
  userId: number,
  day: string,
): Promise<CheerState> {
  const { row } = await teammateCheckIn(ctx, viewerId, teamId, userId, day);
  await ctx.repos.checkIns.uncheer(row.id, viewerId);
  return cheerState(ctx, row.id, viewerId);
}

/** Replies to a check-in's note (a teammate's, or the member's own to answer their team). */
export async function replyToCheckIn(
  ctx: TrackerContext,
  viewerId: number,
  teamId: number,
  userId: number,
  day: string,
  text: string,
): Promise<CheckInReply> {
  const { viewer, row } = await teammateCheckIn(ctx, viewerId, teamId, userId, day);
  if (row.note === null) throw new HttpError('CHECK_IN_HAS_NO_NOTE', CHECK_IN_MESSAGES.noNote);
  const saved = await ctx.repos.checkIns.insertReply({
    checkInId: row.id,
    userId: viewerId,
    text,
    createdAt: ctx.trackerConfig.now(),
  });
  return {
    id: saved.id,
    author: { id: viewerId, name: viewer.user.name },
    text: saved.text,
    createdAt: saved.createdAt.toISOString(),
  };
}
