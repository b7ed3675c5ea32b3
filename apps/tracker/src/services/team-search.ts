/**
 * Find a team: a signed-in member with no team and no request waiting chooses an area and a role,
 * is matched and holds a seat exactly as a prospect on the site is (the onboarding's ranking, the
 * tracker's holds), and sends a join request with their account. A seat held on the site can be
 * carried over to the tracker's sign-in by a hand-over token.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  type HandOverForm,
  type HeldTeam,
  MEMBER_DEFAULTS,
  MESSAGES,
  type TeamSearch,
  type TeamSearchState,
  type TeamView,
} from '@app/contracts';
import { allows, type MembershipEvent } from '@app/membership';
import { areaTitle } from '@app/onboarding/choices';
import { rankTeams } from '@app/onboarding/team';
import { HttpError, notFound } from '@app/server-kit';
import type { Db } from '../db/types.ts';
import type { HoldRow } from '../repositories/holds.ts';
import type { TrackerContext } from './context.ts';
import { createHold, extendHold, releaseHold, teamFull, toHold } from './holds.ts';
import { memberJoinRequest, photoUrl } from './members.ts';
import { membershipOf } from './membership.ts';

/**
 * The owner key of a member's holds. Site owner keys never hold a colon (HoldOwner), so no browser
 * session on the site can name a member's hold, nor a hand-over's.
 */
export const memberHoldOwner = (userId: number) => `member:${userId}`;

/** A handed-over hold belongs to its token and address until that account signs in and takes it. */
const handOverOwner = (token: string, email: string) =>
  `hand-over:${createHash('sha256').update(`${token}\n${email.trim().toLowerCase()}`).digest('hex')}`;

export const HELD_SEAT_EXPIRED =
  'The seat held for you has run out. Choose your area and role again to find a team.';
const HAND_OVER_UNKNOWN =
  'This seat was not handed over to this account, or it was given back. Choose your area and role to find a team.';

const holdExpired = () => new HttpError(ERROR_CODES.HOLD_EXPIRED, HELD_SEAT_EXPIRED);

type Standing = Pick<TeamSearchState, 'standing' | 'teamName'>;

/** Asking for a team with a seat chosen: what the membership machine must allow. */
const ASK: MembershipEvent = { type: 'team.ask', team: true };

/**
 * Where the member stands for Find a team. The membership machine decides (`team.ask` with a team
 * chosen): from no team, left, declined, seat freed or an unmatched request, they may look; on a
 * team (approved, member, paused, quiet) or with a request waiting for a team's answer, not.
 */
async function standingOf(ctx: TrackerContext, userId: number, tx?: Db): Promise<Standing> {
  const { repos } = ctx;
  const state = await membershipOf(ctx, userId, tx);
  if (allows(state, ASK)) return { standing: 'open', teamName: null };
  if (state === 'deleted') throw notFound('User');
  if (state === 'applicant.waiting') {
    const latest = await repos.joinRequests.latestOf(userId, tx);
    return { standing: 'waiting', teamName: latest?.team?.name ?? null };
  }
  const place = await repos.members.activePlace(userId, tx);
  return { standing: 'on-team', teamName: place?.team ?? null };
}

/** Refuses a member on a team or with a request waiting: they are told so, not offered a team. */
async function requireOpen(ctx: TrackerContext, userId: number, tx?: Db) {
  const { standing, teamName } = await standingOf(ctx, userId, tx);
  if (standing === 'on-team') {
    throw new HttpError(
      ERROR_CODES.ON_TEAM_ALREADY,
      teamName === null
        ? 'You are on a team already. Leave it first to look for another.'
        : `You are a member of Team ${teamName}. Leave that team first to look for another.`,
    );
  }
  if (standing === 'waiting') {
    throw new HttpError(
      ERROR_CODES.JOIN_REQUEST_WAITING,
      teamName === null
        ? 'Your join request is waiting for an answer.'
        : `Your join request to Team ${teamName} is waiting for an answer.`,
    );
  }
}

/** A team as the site's matching reads it (the api-client's TeamView), from the tracker's list. */
function teamView(team: Awaited<ReturnType<TrackerContext['repos']['teams']['list']>>[number]) {
  return {
    id: String(team.id),
    name: team.name,
    focusAreaId: team.focusAreaId === null ? null : String(team.focusAreaId),
    focusRoleId: team.focusRoleId === null ? null : String(team.focusRoleId),
    members: team.members.map(({ user }) => ({
      id: String(user.id),
      name: user.name || MEMBER_DEFAULTS.name,
      photo: photoUrl(user.image),
      aboutMe: user.about || MEMBER_DEFAULTS.aboutMe,
      goalSummary: user.goalSummary || MEMBER_DEFAULTS.goalSummary,
    })),
    openSeats: team.openSeats,
  } satisfies TeamView;
}

/** The team of a hold with its public members, and the hold. */
async function heldTeam(ctx: TrackerContext, hold: HoldRow): Promise<HeldTeam> {
  const now = ctx.trackerConfig.now();
  const team = await ctx.repos.teams.get(hold.teamId, now);
  if (team === null) throw notFound('Team');
  const view = teamView(team);
  return { team: { id: team.id, name: team.name, members: view.members }, hold: toHold(hold, now) };
}

export async function teamSearchState(
  ctx: TrackerContext,
  userId: number,
): Promise<TeamSearchState> {
  const standing = await standingOf(ctx, userId);
  if (standing.standing !== 'open') return { ...standing, held: null };
  const live = await ctx.repos.holds.liveOf(memberHoldOwner(userId), ctx.trackerConfig.now());
  return { ...standing, held: live === null ? null : await heldTeam(ctx, live) };
}

/**
 * Ranks the teams as the site does for a prospect (the area's and role's teams with an open seat,
 * most Active members first) and holds a seat on the first that still has one. Teams the member
 * was on or asked to join before are left out: this is a way to another team.
 */
export async function searchTeam(
  ctx: TrackerContext,
  userId: number,
  search: TeamSearch,
): Promise<HeldTeam> {
  const { repos } = ctx;
  await requireOpen(ctx, userId);
  const now = ctx.trackerConfig.now();
  const [teams, focusAreas, roleAreas, before] = await Promise.all([
    repos.teams.list(now),
    repos.catalogue.focusAreas(),
    repos.catalogue.roleAreas(),
    repos.members.membershipsOf(userId),
  ]);
  const former = new Set(before.map((membership) => membership.teamId));
  const ranked = rankTeams({
    teams: teams.filter((team) => !former.has(team.id)).map(teamView),
    focusAreas,
    roleAreas,
    focusAreaName: search.category,
    roleName: search.role,
  });
  const owner = memberHoldOwner(userId);
  for (const choice of ranked) {
    try {
      const { hold } = await createHold(ctx, owner, Number(choice.id));
      const row = await repos.holds.findOwned(hold.id, owner);
      if (row !== null) return await heldTeam(ctx, row);
    } catch (error) {
      // Its last seat was taken since the list was read: the next team is the next choice.
      if (error instanceof HttpError && error.code === ERROR_CODES.TEAM_FULL) continue;
      throw error;
    }
  }
  throw new HttpError(
    ERROR_CODES.NO_OPEN_TEAM,
    `${MESSAGES.areaFullHeading(areaTitle(search.category))}. Try again later, or choose another role.`,
  );
}

/**
 * Site side: gives the browser's live hold to a hand-over token bound to the address of the
 * account step. The token is returned once and stored only as part of the owner key (hashed with
 * the address); it works while the hold lasts.
 */
export async function handOverHold(
  ctx: TrackerContext,
  owner: string,
  holdId: string,
  email: string,
) {
  const { repos, database } = ctx;
  return database.db.transaction(async (tx) => {
    const hold = await repos.holds.findOwned(holdId, owner, tx, true);
    if (!hold) throw new HttpError(ERROR_CODES.HOLD_NOT_FOUND, 'Hold not found');
    if (hold.expiresAt.getTime() <= ctx.trackerConfig.now().getTime()) throw holdExpired();
    const token = randomBytes(24).toString('base64url');
    await repos.holds.reown(hold.id, handOverOwner(token, email), tx);
    return { token };
  });
}

/** Tracker side, once signed in: the handed-over hold becomes the member's own. */
export async function takeHandOver(
  ctx: TrackerContext,
  userId: number,
  form: HandOverForm,
): Promise<HeldTeam> {
  const { repos, database } = ctx;
  const user = await repos.users.get(userId);
  if (user === null) throw notFound('User');
  await requireOpen(ctx, userId);
  const owner = memberHoldOwner(userId);
  const taken = await database.db.transaction(async (tx) => {
    const hold = await repos.holds.findOwned(
      form.holdId,
      handOverOwner(form.token, user.email),
      tx,
    );
    if (!hold) throw new HttpError(ERROR_CODES.HOLD_NOT_FOUND, HAND_OVER_UNKNOWN);
    await repos.teams.lock(hold.teamId, tx);
    if (hold.expiresAt.getTime() <= ctx.trackerConfig.now().getTime()) throw holdExpired();
    // One seat at a time: a seat the member held here before is given back.
    await repos.holds.releaseAll(owner, tx);
    await repos.holds.reown(hold.id, owner, tx);
    return { ...hold, owner };
  });
  return heldTeam(ctx, taken);
}

export async function extendHeldSeat(ctx: TrackerContext, userId: number, holdId: string) {
  return extendHold(ctx, memberHoldOwner(userId), holdId);
}

export async function releaseHeldSeat(ctx: TrackerContext, userId: number, holdId: string) {
  await releaseHold(ctx, memberHoldOwner(userId), holdId);
}

/**
 * The member's new join request: their live hold becomes a Pending membership of its team, as a
 * sign-up's does. A membership from before on that team (a seat handed over from the site can
 * name one) waits again rather than a second being made.
 */
export async function sendMemberJoinRequest(ctx: TrackerContext, userId: number, holdId: string) {
  const { repos, database } = ctx;
  const owner = memberHoldOwner(userId);
  return database.db.transaction(async (tx) => {
    const found = await repos.holds.findOwned(holdId, owner, tx);
    if (!found) throw new HttpError(ERROR_CODES.HOLD_NOT_FOUND, 'Hold not found');
    const team = await repos.teams.lock(found.teamId, tx);
    if (!team) throw notFound('Team');
    await requireOpen(ctx, userId, tx);
    const now = ctx.trackerConfig.now();
    const held = await repos.holds.claim(owner, team.id, now, tx);
    if (!held) {
      // The hold ran out; the seat may still be open, but it is no longer kept for this member.
      if ((await repos.teams.takenSeats(team.id, now, tx)) >= team.capacity) {
        throw teamFull(team.name);
      }
      throw holdExpired();
    }
    const earlier = (await repos.members.membershipsOf(userId, tx)).find(
      (membership) => membership.teamId === team.id,
    );
    let membershipId: number;
    if (earlier === undefined) {
      const membership = await repos.teams.addMembership(
        { teamId: team.id, userId, status: 'Pending' },
        tx,
      );
      membershipId = membership.id;
    } else {
      await repos.teams.setMembershipStatus(earlier.id, 'Pending', tx);
      membershipId = earlier.id;
    }
    // An unmatched request (no team yet) is placed on the chosen team rather than sent twice.
    const latest = await repos.joinRequests.latestOf(userId, tx);
    if (latest !== null && latest.request.status === 'unmatched') {
      await repos.joinRequests.place(latest.request.id, team.id, membershipId, tx, {
        placedAt: null,
      });
      const placed = await repos.joinRequests.get(latest.request.id, tx);
      if (placed !== null) return memberJoinRequest(placed, team);
    }
    const request = await repos.joinRequests.insert({ userId, teamId: team.id, membershipId }, tx);
    return memberJoinRequest(request, team);
  });
}
