import {
  DEFAULT_TIME_ZONE,
  localDay,
  shiftDay,
  TEAM_CAPACITY_DEFAULT,
  wallClockAt,
  weekdayOf,
} from '@app/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  checkIns,
  focusAreaRoles,
  focusAreas,
  memberships,
  roleAreas,
  teamCalls,
  teams,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { FOCUS_AREA_ROLES, FOCUS_AREAS, ROLE_AREAS, SEED_NOTES, slug, TEAMS } from './data.ts';

/** Seed members cannot sign in: this is not a hash any password produces. */
const NO_LOGIN = 'none';

/** Seed members live in these zones, in turn, so a board shows days that start at other times. */
const SEED_TIME_ZONES = [
  DEFAULT_TIME_ZONE,
  'America/Chicago',
  'America/New_York',
  'Europe/Berlin',
  'America/Los_Angeles',
];
/** The seeded teams' calls: Tuesdays at 19:00 and Fridays at 07:30 Mountain Time, 20 minutes. */
const SEED_CALL = {
  timeZone: DEFAULT_TIME_ZONE,
  firstWeekday: 2,
  firstMinute: 19 * 60,
  secondWeekday: 5,
  secondMinute: 7 * 60 + 30,
  durationMinutes: 20,
};
/** How many days back the seed members' check-ins go. */
export const SEED_CHECK_IN_DAYS = 28;

/** Fills an empty database; does nothing once focus areas exist. Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(focusAreas);
    if ((existing?.n ?? 0) > 0) return false;
    await tx.insert(focusAreas).values(FOCUS_AREAS);
    await tx.insert(roleAreas).values(ROLE_AREAS);
    const links = Object.entries(FOCUS_AREA_ROLES).flatMap(([areaId, roleIds]) =>
      roleIds.map((roleAreaId, position) => ({
        focusAreaId: Number(areaId),
        roleAreaId,
        position,
      })),
    );
    if (links.length > 0) await tx.insert(focusAreaRoles).values(links);
    let seeded = 0;
    for (const t of TEAMS) {
      const [team] = await tx
        .insert(teams)
        .values({
          name: t.name,
          focusAreaId: t.focusAreaId,
          focusRoleId: t.focusRoleId,
          capacity: t.capacity ?? TEAM_CAPACITY_DEFAULT,
        })
        .returning({ id: teams.id });
      if (!team) throw new Error('insert returned no row');
      // Every seeded team meets twice a week, so a new member sees the calls as they will be.
      await tx.insert(teamCalls).values({
        teamId: team.id,
        ...SEED_CALL,
        meetingUrl: `https://meet.example.org/${slug(t.name)}`,
      });
      for (const m of t.members) {
        const status = m.status ?? 'Active';
        const [user] = await tx
          .insert(users)
          .values({
            email: `${slug(m.name)}@example.com`,
            emailConfirmedAt: new Date(),
            passwordHash: NO_LOGIN,
            name: m.name,
            image: m.photo === false ? null : `seed/${slug(m.name)}.svg`,
            about: m.about,
            goalSummary: m.goal,
            status: status === 'Inactive' ? 'Inactive' : 'Active',
            timeZone: SEED_TIME_ZONES[seeded++ % SEED_TIME_ZONES.length] ?? null,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('insert returned no row');
        await tx.insert(memberships).values({ teamId: team.id, userId: user.id, status });
      }
    }
    return true;
  });
}

/** A number 0-99 from a text, the same every time (FNV-1a): the seed's dice. */
function dice(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/**
 * Check-ins of the seed's members over the last SEED_CHECK_IN_DAYS days up to `now`, so a new
 * member's board shows a living team. Each member keeps to their week differently, most on
 * weekdays; today's answer is there for every other member, once their local morning has passed. The answers are drawn
 * from the member and the day alone and never overwrite one, so every start tops up the days
 * since the last one and the result is the same whichever tracker does it.
 */
export async function seedCheckIns(db: Db, now: Date): Promise<number> {
  const members = await db
    .select({ id: users.id, timeZone: users.timeZone, teamId: memberships.teamId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(
      and(
        eq(users.passwordHash, NO_LOGIN),
        eq(users.status, 'Active'),
        eq(memberships.status, 'Active'),
      ),
    )
    .orderBy(asc(memberships.id));
  const rows: (typeof checkIns.$inferInsert)[] = [];
  const seen = new Map<number, number>();
  for (const member of members) {
    const zone = member.timeZone ?? 'UTC';
    const today = localDay(now, zone);
    // Every other member of a team has not answered today yet, so there is someone to nudge.
    const position = seen.get(member.teamId) ?? 0;
    seen.set(member.teamId, position + 1);
    const answersToday = position % 2 === 0;
    // How reliably this member answers Yes on a weekday, 55-95 %.
    const keeps = 55 + (dice(`keeps:${member.id}`) % 41);
    const answersBy = 7 + (dice(`hour:${member.id}`) % 12);
    for (let back = SEED_CHECK_IN_DAYS - 1; back >= 0; back--) {
      const day = shiftDay(today, -back);
      if (back === 0 && (!answersToday || wallClockAt(now.getTime(), zone).hour < answersBy)) {
        continue;
      }
      const weekend = [0, 6].includes(weekdayOf(day));
      const roll = dice(`${member.id}:${day}`);
      if (roll >= (weekend ? 25 : 90)) continue;
      const done = dice(`done:${member.id}:${day}`) < (weekend ? 60 : keeps);
      const noteRoll = dice(`note:${member.id}:${day}`);
      const note = noteRoll < 20 ? (SEED_NOTES[noteRoll % SEED_NOTES.length] ?? null) : null;
      const at = new Date(now.getTime() - back * 86_400_000);
      rows.push({ userId: member.id, day, done, note, createdAt: at, updatedAt: at });
    }
  }
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(checkIns)
    .values(rows)
    .onConflictDoNothing({ target: [checkIns.userId, checkIns.day] })
    .returning({ id: checkIns.id });
  return inserted.length;
}
