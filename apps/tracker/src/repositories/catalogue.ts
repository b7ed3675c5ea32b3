import { asc, eq } from 'drizzle-orm';
import { focusAreaRoles, focusAreas, roleAreas } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Focus areas and role areas: reference data, written by the seed only. */
export function catalogueRepository(db: Db) {
  return {
    async focusAreas(tx: Db = db) {
      const areas = await tx.select().from(focusAreas).orderBy(asc(focusAreas.id));
      const links = await tx
        .select({
          focusAreaId: focusAreaRoles.focusAreaId,
          id: roleAreas.id,
          name: roleAreas.name,
        })
        .from(focusAreaRoles)
        .innerJoin(roleAreas, eq(focusAreaRoles.roleAreaId, roleAreas.id))
        .orderBy(asc(focusAreaRoles.position), asc(roleAreas.id));
      return areas.map((a) => ({
        id: a.id,
        name: a.name,
        description: a.description,
        focusRoles: links
          .filter((l) => l.focusAreaId === a.id)
          .map(({ id, name }) => ({ id, name })),
      }));
    },

    async roleAreas(tx: Db = db) {
      return tx
        .select({ id: roleAreas.id, name: roleAreas.name, description: roleAreas.description })
        .from(roleAreas)
        .orderBy(asc(roleAreas.id));
    },

    /** Every focus area's id and name. */
    async focusAreaNames(tx: Db = db) {
      return tx.select({ id: focusAreas.id, name: focusAreas.name }).from(focusAreas);
    },

    /** Every role area's id and name. */
    async roleAreaNames(tx: Db = db) {
      return tx.select({ id: roleAreas.id, name: roleAreas.name }).from(roleAreas);
    },
  };
}
