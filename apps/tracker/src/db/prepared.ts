import type { Db } from './types.ts';

/**
 * A read made on every page view, built once and prepared: on PostgreSQL each pooled connection
 * parses and plans the statement the first time it runs it and afterwards only binds and runs it
 * (node-postgres sends it by name; the server may then keep one generic plan). For the home's
 * statements planning was most of the server's work: 0.3 to 1.8 ms a statement to plan against
 * 0.15 to 0.3 ms to run, at 10,000 members. On PGlite the name is not used: there every SELECT run
 * twice is kept prepared on its one connection (kept-statements.ts).
 *
 * `build` makes the statement on a handle with `sql.placeholder`s and `.prepare(name)`, the name
 * unique among the tracker's statements. The one for the repository's own database is kept; a
 * transaction's handle gets a new one each time (the same name and text, so a connection that has
 * prepared it already uses it again).
 */
export function preparedOn<Q>(db: Db, build: (on: Db) => Q): (on: Db) => Q {
  let kept: Q | undefined;
  return (on) => {
    if (on !== db) return build(on);
    kept ??= build(db);
    return kept;
  };
}
