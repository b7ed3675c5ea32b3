import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { focusAreaRoles, focusAreas, memberships, roleAreas, teams, users } from '../db/schema.ts';
import { FOCUS_AREA_ROLES, FOCUS_AREAS, ROLE_AREAS, slug, TEAMS } from './data.ts';

/** Seed members cannot sign in: this is not a hash any password produces. */
const NO_LOGIN = 'none';

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
    for (const t of TEAMS) {
      const [team] = await tx
        .insert(teams)
        .values({
          name: t.name,
          focusAreaId: t.focusAreaId,
          focusRoleId: t.focusRoleId,
          capacity: t.capacity ?? 6,
        })
        .returning({ id: teams.id });
      if (!team) throw new Error('insert returned no row');
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
          })
          .returning({ id: users.id });
        if (!user) throw new Error('insert returned no row');
        await tx.insert(memberships).values({ teamId: team.id, userId: user.id, status });
      }
    }
    return true;
  });
}
