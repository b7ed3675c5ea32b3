import { oneLine } from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import type { Db } from '../db/types.ts';
import { findATeamUrl, type TrackerContext } from './context.ts';
import { teamFull } from './holds.ts';
import { guardMembership } from './membership.ts';

/** The fields of a join request an operator's action changes, as the audit log records them. */
export interface JoinRequestState {
  status: string;
  teamId: number | null;
  declineReason: string | null;
}

/**
 * Called inside the action's transaction, after its change and before it commits: what an
 * operator's action records (the audit log) commits or rolls back with the action.
 */
export type ActionRecorder = (
  tx: Db,
  before: JoinRequestState,
  after: JoinRequestState,
) => Promise<void>;

const stateOf = (row: { status: string; teamId: number | null; declineReason: string | null }) => ({
  status: row.status,
  teamId: row.teamId,
  declineReason: row.declineReason,
});

const unmatched = () =>
  new HttpError(
    'JOIN_REQUEST_UNMATCHED',
    'This join request has no team yet: place it on a team first.',
  );

/**
 * A join request with its team, locked in that order: the team first, as holding and joining lock
 * it, so no two seat changes interleave; then the request itself, read again under the lock.
 * `noTeam` is what a request without a team is answered.
 */
async function lockWithTeam(
  repos: TrackerContext['repos'],
  id: number,
  tx: Db,
  noTeam: () => HttpError,
) {
  const seen = await repos.joinRequests.get(id, tx);
  if (!seen) throw notFound('Join request');
  if (seen.teamId === null) throw noTeam();
  const team = await repos.teams.lock(seen.teamId, tx);
  const request = await repos.joinRequests.getForUpdate(id, tx);
  if (!request || !team) throw notFound('Join request');
  return { request, team };
}

/**
 * Puts an unmatched join request on a team with an open seat: a Pending membership is added and
 * the request waits for the team's decision like any other. A request an operator or a freed seat
 * placed (never one the person sent for a team) can be moved so to another team: its seat on the
 * first opens. Nobody is mailed either way.
 */
export async function placeJoinRequest(
  ctx: TrackerContext,
  id: number,
  teamId: number,
  record?: ActionRecorder,
) {
  const { repos, database } = ctx;
  return database.db.transaction(async (tx) => {
    const seen = await repos.joinRequests.get(id, tx);
    // Both teams are locked, in the order of their ids as every seat change takes them.
    const from = seen?.status === 'pending' && seen.placedAt !== null ? seen.teamId : null;
    const teamIds = [...new Set([teamId, ...(from === null ? [] : [from])])].sort((a, b) => a - b);
    const locked = new Map<number, Awaited<ReturnType<typeof repos.teams.lock>>>();
    for (const tid of teamIds) locked.set(tid, await repos.teams.lock(tid, tx));
    const team = locked.get(teamId);
    if (!team) throw notFound('Team');
    const request = await repos.joinRequests.getForUpdate(id, tx);
    if (!request) throw notFound('Join request');
    const placed = () =>
      new HttpError('JOIN_REQUEST_PLACED', 'This join request already has a team.');
    await guardMembership(ctx, tx, request.userId, 'request.place', placed);
    const moving = request.status === 'pending' && request.placedAt !== null;
    if (request.status !== 'unmatched' && !(moving && request.teamId === from)) throw placed();
    if (moving && request.teamId === team.id) {
      throw new HttpError(
        'JOIN_REQUEST_PLACED',
        `This join request is on Team ${team.name} already.`,
      );
    }
    const now = ctx.trackerConfig.now();
    if ((await repos.teams.takenSeats(team.id, now, tx)) >= team.capacity) {
      throw teamFull(team.name);
    }
    const membership = await repos.teams.addMembership(
      { teamId: team.id, userId: request.userId, status: 'Pending' },
      tx,
    );
    await repos.joinRequests.place(id, team.id, membership.id, tx, {
      placedAt: now,
      from: moving ? 'placed' : 'unmatched',
    });
    if (moving && request.membershipId !== null) {
      await repos.teams.removePendingMembership(request.membershipId, tx);
    }
    await record?.(tx, stateOf(request), {
      status: 'pending',
      teamId: team.id,
      declineReason: null,
    });
    return { id, status: 'pending' as const, team: { id: team.id, name: team.name } };
  });
}

/**
 * Takes a placement back inside `tx`, the request's team locked: the request an operator or a
 * freed seat placed waits for a team again, and its seat opens. The machine is asked first;
 * `refuse` answers a request that is not such a placement.
 */
export async function unplaceIn(
  ctx: TrackerContext,
  tx: Db,
  request: {
    id: number;
    userId: number;
    status: string;
    placedAt: Date | null;
    membershipId: number | null;
  },
  refuse: () => HttpError,
) {
  await guardMembership(ctx, tx, request.userId, 'request.unplace', refuse);
  if (request.status !== 'pending' || request.placedAt === null) throw refuse();
  await ctx.repos.joinRequests.unplace(request.id, tx);
  if (request.membershipId !== null) {
    await ctx.repos.teams.removePendingMembership(request.membershipId, tx);
  }
}

/**
 * Puts a request an operator or a freed seat placed back to waiting for a team, without a mail
 * (the person was never told of the placement). One the person sent for a team is refused
 * (JOIN_REQUEST_NOT_PLACED): approve or decline it.
 */
export async function unplaceJoinRequest(ctx: TrackerContext, id: number, record: ActionRecorder) {
  const { repos, database } = ctx;
  const notPlaced = () =>
    new HttpError(
      'JOIN_REQUEST_NOT_PLACED',
      'Only a join request placed on its team by an operator or a freed seat can go back to waiting.',
    );
  return database.db.transaction(async (tx) => {
    const { request, team } = await lockWithTeam(repos, id, tx, notPlaced);
    await unplaceIn(ctx, tx, request, notPlaced);
    await record(tx, stateOf(request), { status: 'unmatched', teamId: null, declineReason: null });
    return { id, status: 'unmatched' as const, team: { id: team.id, name: team.name } };
  });
}

export async function decideJoinRequest(
  ctx: TrackerContext,
  id: number,
  decision: 'approved' | 'declined',
  reason: string | null = null,
  record?: ActionRecorder,
  { undoable = false }: { undoable?: boolean } = {},
) {
  const { repos, database } = ctx;
  const now = ctx.trackerConfig.now();
  // An operator's decision can be taken back for a while: its mail waits until then.
  const holdMs = undoable ? ctx.trackerConfig.decisionUndoMs : 0;
  const dueAt = new Date(now.getTime() + holdMs);
  await database.db.transaction(async (tx) => {
    const { request, team } = await lockWithTeam(repos, id, tx, unmatched);
    const decided = () =>
      new HttpError(
        'JOIN_REQUEST_DECIDED',
        request.status === 'pending'
          ? 'This join request can no longer be decided.'
          : `This join request has already been ${request.status}.`,
      );
    await guardMembership(
      ctx,
      tx,
      request.userId,
      decision === 'approved' ? 'request.approve' : 'request.decline',
      (state) => (state === 'applicant.unmatched' ? unmatched() : decided()),
    );
    if (request.status !== 'pending') throw decided();
    const user = await repos.users.get(request.userId, tx);
    if (!user || request.membershipId === null) throw notFound('Join request');
    if (decision === 'approved') {
      // The applicant's seat was counted while Pending; older data can still hold more
      // applicants than seats, so Active members alone must never pass the capacity.
      if ((await repos.teams.activeMemberCount(team.id, tx)) >= team.capacity) {
        throw new HttpError('TEAM_FULL', `Team "${team.name}" is full.`);
      }
      await repos.teams.setMembershipStatus(request.membershipId, 'Active', tx);
    } else {
      await repos.teams.setMembershipStatus(request.membershipId, 'Inactive', tx);
    }
    const declineReason = decision === 'declined' ? reason : null;
    await repos.joinRequests.decide(id, decision, now, declineReason, tx);
    await record?.(tx, stateOf(request), { status: decision, teamId: team.id, declineReason });
    await repos.outbox.enqueue(
      decision === 'approved'
        ? {
            kind: 'join-approved',
            to: user.email,
            dueAt,
            subject: `You're in: welcome to Team ${oneLine(team.name)}`,
            text: [
              `Hi ${oneLine(user.name)},`,
              '',
              `Good news: your join request to Team ${oneLine(team.name)} was approved. Your teammates will check in with you soon.`,
              '',
              `See your team: ${ctx.trackerConfig.publicUrl}/`,
            ].join('\n'),
          }
        : {
            kind: 'join-declined',
            to: user.email,
            dueAt,
            subject: `About your request to join Team ${oneLine(team.name)}`,
            text: [
              `Hi ${oneLine(user.name)},`,
              '',
              `Your join request to Team ${oneLine(team.name)} was not accepted this time.`,
              ...(reason ? ['', `A note from us: ${reason}`] : []),
              '',
              `Your account stays. Whenever you like, choose another team: ${findATeamUrl(ctx)}`,
            ].join('\n'),
          },
      tx,
    );
  });
  if (decision === 'approved') ctx.trackerMetrics.approvals.inc();
  if (holdMs > 0) setTimeout(() => ctx.mailer.kick(), holdMs + 100).unref();
  else ctx.mailer.kick();
  return { id, status: decision };
}

/**
 * Takes back an approval or a decline made within the undo window (by the same operator, as
 * the console offers it): the request waits again with its seat held, and the mail that was
 * waiting for the window is not sent. Past the window, UNDO_TOO_LATE; a declined request whose
 * seat was taken meanwhile, TEAM_FULL.
 */
export async function undoJoinDecision(ctx: TrackerContext, id: number, record: ActionRecorder) {
  const { repos, database } = ctx;
  const now = ctx.trackerConfig.now();
  const tooLate = () => new HttpError('UNDO_TOO_LATE', 'This decision can no longer be undone.');
  return database.db.transaction(async (tx) => {
    const { request, team } = await lockWithTeam(repos, id, tx, tooLate);
    // A member who has left, paused or been declined since keeps what they did.
    await guardMembership(ctx, tx, request.userId, 'decision.undo', tooLate);
    const decided = request.status === 'approved' || request.status === 'declined';
    if (
      !decided ||
      request.decidedAt === null ||
      request.membershipId === null ||
      now.getTime() - request.decidedAt.getTime() > ctx.trackerConfig.decisionUndoMs
    ) {
      throw tooLate();
    }
    const user = await repos.users.get(request.userId, tx);
    if (!user) throw notFound('Join request');
    if (
      request.status === 'declined' &&
      (await repos.teams.takenSeats(team.id, now, tx)) >= team.capacity
    ) {
      throw new HttpError('TEAM_FULL', `Team "${team.name}" has no open seat for them any more.`);
    }
    const kind = request.status === 'approved' ? 'join-approved' : 'join-declined';
    // The mail waits for the window: once it has gone out, the decision stands.
    if ((await repos.outbox.discardUnsent(kind, user.email, request.decidedAt, tx)) === 0) {
      throw tooLate();
    }
    await repos.teams.setMembershipStatus(request.membershipId, 'Pending', tx);
    await repos.joinRequests.reopen(id, tx);
    await record(tx, stateOf(request), {
      status: 'pending',
      teamId: team.id,
      declineReason: null,
    });
    return { id, status: 'pending' as const };
  });
}
