import type {
  ConsoleFocusAreas,
  ConsoleTeam,
  ConsoleTeamPage,
  NewTeamForm,
  TeamQuery,
} from '@app/contracts';
import { isChoosableRole } from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import { holdAdvisoryLock } from '../db/locks.ts';
import type { teams } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { Repositories } from '../repositories/index.ts';
import { openSeats } from '../repositories/teams.ts';
import { recordAction } from './audit.ts';
import type { TrackerContext } from './context.ts';
import { areaId, containing } from './search.ts';

type TeamRow = typeof teams.$inferSelect;

const SEATED = ['Active', 'Pending'] as const;

/** The console's view of some teams at `now`: names of their area and role, seats and members. */
async function describe(
  repos: Repositories,
  tx: Db,
  rows: TeamRow[],
  now: Date,
): Promise<ConsoleTeam[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const seated = await repos.teams.seatedOf(ids, tx);
  const held = await repos.holds.liveCounts(ids, now, tx);
  const areas = new Map((await repos.catalogue.focusAreaNames(tx)).map((a) => [a.id, a]));
  const roles = new Map((await repos.catalogue.roleAreaNames(tx)).map((r) => [r.id, r]));
  return rows.map((team) => {
    const members = seated.filter((m) => m.teamId === team.id);
    const active = members.filter((m) => m.status === 'Active').length;
    const pending = members.length - active;
    const liveHolds = held.find((h) => h.teamId === team.id)?.n ?? 0;
    return {
      id: team.id,
      name: team.name,
      focusArea: team.focusAreaId === null ? null : (areas.get(team.focusAreaId) ?? null),
      role: team.focusRoleId === null ? null : (roles.get(team.focusRoleId) ?? null),
      capacity: team.capacity,
      active,
      pending,
      liveHolds,
      openSeats: openSeats(team.capacity, active + pending + liveHolds),
      members: members.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        status: m.status as (typeof SEATED)[number],
      })),
    };
  });
}

/** Teams by id, a page at a time, each with its seats as they stand now; `q` and `area` narrow them. */
export async function teamPage(ctx: TrackerContext, page: TeamQuery): Promise<ConsoleTeamPage> {
  const { total, rows } = await ctx.repos.teams.consolePage(
    {
      pattern: containing(page.q),
      focusAreaId: page.area === undefined ? undefined : areaId(page.area),
    },
    page.limit,
    page.offset,
  );
  return {
    items: await describe(ctx.repos, ctx.database.db, rows, ctx.trackerConfig.now()),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}

/** Focus areas with the roles each offers, in the order the site lists them. */
export async function focusAreaChoices(ctx: TrackerContext): Promise<ConsoleFocusAreas> {
  return { focusAreas: await choosableAreas(ctx) };
}

/**
 * The focus areas with the roles a team may be given: those a prospect can choose on the site's
 * role step (contracts ROLE_OPTIONS), so every new team can match by role.
 */
async function choosableAreas(ctx: TrackerContext) {
  const areas = await ctx.repos.catalogue.focusAreas();
  return areas.map((area) => ({
    id: area.id,
    name: area.name,
    roles: area.focusRoles.filter((role) => isChoosableRole(area.name, role.name)),
  }));
}

const capacityBelowMembers = (name: string, seated: number) =>
  new HttpError(
    'CAPACITY_BELOW_MEMBERS',
    `Team "${name}" has ${seated} Active and Pending member${seated === 1 ? '' : 's'}: its capacity cannot be less than ${seated}.`,
    [{ path: 'capacity', message: `Capacity must be at least ${seated}` }],
  );

/**
 * Changes a team's number of seats. Under the team's row lock (which holding, joining, placing and
 * approving take too), the Active and Pending memberships are counted and a capacity below them
 * refused, so no seat can be taken between the count and the change.
 */
export async function setTeamCapacity(
  ctx: TrackerContext,
  operatorId: number,
  teamId: number,
  capacity: number,
): Promise<ConsoleTeam> {
  return ctx.database.db.transaction(async (tx) => {
    const team = await ctx.repos.teams.lock(teamId, tx);
    if (team === null) throw notFound('Team');
    const seated = await ctx.repos.teams.seatedCount(teamId, tx);
    if (capacity < seated) throw capacityBelowMembers(team.name, seated);
    const after = await ctx.repos.teams.changeCapacity(teamId, capacity, tx);
    if (after === null) throw notFound('Team');
    if (capacity !== team.capacity) {
      await recordAction(
        tx,
        operatorId,
        'team.capacity',
        `team:${teamId}`,
        { capacity: team.capacity },
        { capacity },
      );
    }
    const [described] = await describe(ctx.repos, tx, [after], ctx.trackerConfig.now());
    if (described === undefined) throw notFound('Team');
    return described;
  });
}

const nameTaken = () =>
  new HttpError('TEAM_NAME_TAKEN', 'Another team has this name already. Choose another name.', [
    { path: 'name', message: 'Another team has this name already' },
  ]);

/**
 * Makes a team for a focus area and one of the roles that area offers (none only for an area that
 * offers none). Names are unique whatever their case: the check and the insert run under one
 * transaction-wide lock, so two operators cannot make the same team at once.
 */
export async function createTeam(
  ctx: TrackerContext,
  operatorId: number,
  form: NewTeamForm,
): Promise<ConsoleTeam> {
  const areas = await choosableAreas(ctx);
  const area = areas.find((a) => a.id === form.focusAreaId);
  if (area === undefined) {
    throw new HttpError('VALIDATION_ERROR', 'That focus area does not exist.', [
      { path: 'focusAreaId', message: 'Please choose a focus area' },
    ]);
  }
  if (
    form.focusRoleId === null
      ? area.roles.length > 0
      : !area.roles.some((r) => r.id === form.focusRoleId)
  ) {
    throw new HttpError('VALIDATION_ERROR', `Choose one of the roles of ${area.name}.`, [
      { path: 'focusRoleId', message: `Please choose a role of ${area.name}` },
    ]);
  }
  return ctx.database.db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, 'teamNames');
    if (await ctx.repos.teams.nameTaken(form.name, tx)) throw nameTaken();
    const team = await ctx.repos.teams.insert(
      {
        name: form.name,
        focusAreaId: form.focusAreaId,
        focusRoleId: form.focusRoleId,
        capacity: form.capacity,
      },
      tx,
    );
    await recordAction(tx, operatorId, 'team.created', `team:${team.id}`, null, {
      name: team.name,
      focusAreaId: team.focusAreaId,
      focusRoleId: team.focusRoleId,
      capacity: team.capacity,
    });
    const [described] = await describe(ctx.repos, tx, [team], ctx.trackerConfig.now());
    if (described === undefined) throw notFound('Team');
    return described;
  });
}
