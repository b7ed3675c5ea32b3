import { BUILTIN_FOCUS_AREA_IDS, type ConsoleArea } from '@app/contracts';

/**
 * The LIKE pattern that finds `q` anywhere in a text, with `%`, `_` and `\` in it taken literally
 * (backslash is PostgreSQL's default LIKE escape); null when there is nothing to find.
 */
export function containing(q: string | undefined): string | null {
  if (q === undefined || q === '') return null;
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A console list's `area` as the focus area's id (the built-in ids of spec 4). */
export const areaId = (area: ConsoleArea): number => BUILTIN_FOCUS_AREA_IDS[area];
