import type { AuditAction } from '@app/contracts';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { auditLog, joinRequests, teams, users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Which lines of the audit log a page takes; `pattern` is a LIKE pattern for the names. */
export interface AuditFilter {
  action?: AuditAction | undefined;
  operatorId?: number | undefined;
  pattern: string | null;
}

/**
 * Whether an audit line's operator, or the person or team it is about, has a name holding the
 * pattern: the same names the console shows for it (the page's target names). Each kind of name
 * is looked up once, as a set of operator ids or of targets (`user:7`, `join-request:3`,
 * `team:2`) the log's lines are checked against, rather than once per line.
 */
function auditNamed(db: Db, pattern: string) {
  const named = ilike(users.name, pattern);
  return or(
    inArray(auditLog.operatorId, db.select({ id: users.id }).from(users).where(named)),
    inArray(
      auditLog.target,
      db
        .select({ target: sql<string>`'user:' || ${users.id}` })
        .from(users)
        .where(named),
    ),
    inArray(
      auditLog.target,
      db
        .select({ target: sql<string>`'join-request:' || ${joinRequests.id}` })
        .from(joinRequests)
        .innerJoin(users, eq(joinRequests.userId, users.id))
        .where(named),
    ),
    inArray(
      auditLog.target,
      db
        .select({ target: sql<string>`'team:' || ${teams.id}` })
        .from(teams)
        .where(ilike(teams.name, pattern)),
    ),
  );
}

/** The audit log: appended to in each operator action's transaction, read by the console. */
export function auditLogRepository(db: Db) {
  return {
    async append(
      values: {
        operatorId: number;
        action: AuditAction;
        target: string;
        before: unknown;
        after: unknown;
        at?: Date | undefined;
      },
      tx: Db = db,
    ) {
      await tx.insert(auditLog).values(values);
    },

    /** The newest line of any of `actions` done to `target`, with what it recorded after, or null. */
    async lastOf(actions: readonly AuditAction[], target: string, tx: Db = db) {
      const [line] = await tx
        .select({ action: auditLog.action, at: auditLog.at, after: auditLog.after })
        .from(auditLog)
        .where(and(inArray(auditLog.action, [...actions]), eq(auditLog.target, target)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return line ?? null;
    },

    /** The lines `filter` takes, newest first, a page of them, with each operator's name. */
    async page(filter: AuditFilter, limit: number, offset: number, tx: Db = db) {
      const match = and(
        filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
        filter.operatorId === undefined ? undefined : eq(auditLog.operatorId, filter.operatorId),
        filter.pattern === null ? undefined : auditNamed(tx, filter.pattern),
      );
      const [total] = await tx.select({ n: count() }).from(auditLog).where(match);
      const rows = await tx
        .select({ entry: auditLog, name: users.name })
        .from(auditLog)
        .leftJoin(users, eq(auditLog.operatorId, users.id))
        .where(match)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },
  };
}
