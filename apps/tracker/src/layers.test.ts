import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The tracker's layers: routes speak HTTP, services hold the rules and open the transactions,
 * repositories (src/repositories) hold the statements. This test keeps the statements out of
 * the services: no service imports drizzle (its query builders' conditions, the `sql` tag) or
 * calls a query builder on a database handle. The files listed below still do, each with why.
 */

const SERVICES = fileURLToPath(new URL('./services/', import.meta.url));

/** Services that still write their own statements, and why. */
const EXCEPTIONS: Record<string, string> = {
  'member-schedule.ts':
    'the per-member schedule runner: one pass over any of three settings tables, built from the table it is given',
  'reminders.ts': 'the check-in reminders, on the schedule runner; their statements move with it',
  'digests.ts': 'the daily digest, on the schedule runner; its statements move with it',
};

/** An import of drizzle-orm or one of its subpaths (drizzle-orm/pg-core), type-only included. */
const DRIZZLE_IMPORT = /\bfrom\s*['"]drizzle-orm(\/[^'"]*)?['"]|\bimport\s*\(\s*['"]drizzle-orm/;

/** A statement begun on a database handle: `tx.select(`, `ctx.database.db\n  .insert(`, ... */
const STATEMENT =
  /(?<![\w$])(tx|db|database\s*\.\s*db|\(\s*tx\s*\?\?[^)]*\))\s*\.\s*(select|selectDistinct|selectDistinctOn|insert|update|delete|execute)\s*\(/;

/** What of the rule a service's source breaks: none, one or both. */
function layeringBreaches(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [
    ...(DRIZZLE_IMPORT.test(code) ? ['imports drizzle-orm'] : []),
    ...(STATEMENT.test(code) ? ['runs a statement on a database handle'] : []),
  ];
}

const services = readdirSync(SERVICES).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);
const breaches = Object.fromEntries(
  services.map((file) => [file, layeringBreaches(readFileSync(`${SERVICES}${file}`, 'utf8'))]),
);

describe('the services', () => {
  it('leave the statements to the repositories, but for the listed exceptions', () => {
    const offending = Object.entries(breaches).filter(
      ([file, found]) => found.length > 0 && !(file in EXCEPTIONS),
    );
    expect(Object.fromEntries(offending)).toEqual({});
  });

  it('list as exceptions only files that exist and still need to be', () => {
    // An exception that no longer queries comes off the list, so the rule covers it from then on.
    const stale = Object.keys(EXCEPTIONS).filter((file) => (breaches[file] ?? []).length === 0);
    expect(stale).toEqual([]);
  });

  it('are recognised when they break the rule', () => {
    expect(layeringBreaches("import { eq } from 'drizzle-orm';")).toEqual(['imports drizzle-orm']);
    expect(layeringBreaches("import type { SQL } from 'drizzle-orm';")).toHaveLength(1);
    expect(layeringBreaches("import { alias } from 'drizzle-orm/pg-core';")).toHaveLength(1);
    expect(layeringBreaches('await ctx.database.db\n  .select()\n  .from(users);')).toEqual([
      'runs a statement on a database handle',
    ]);
    expect(layeringBreaches('await tx.insert(pauses).values(v);')).toHaveLength(1);
    expect(layeringBreaches('await (tx ?? ctx.database.db).select().from(t);')).toHaveLength(1);
    // A repository's method, a hash, a map and a transaction are not statements of the service.
    expect(
      layeringBreaches(
        "await ctx.repos.users.insert(v, tx); createHash('sha256').update(t); inFlight.delete(k); await db.transaction(f);",
      ),
    ).toEqual([]);
  });
});
