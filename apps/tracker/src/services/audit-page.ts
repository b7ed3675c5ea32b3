/** The audit log's reading side: the console's page of it, searched by the names it shows. */
import type { AuditPage, AuditQuery } from '@app/contracts';
import { HttpError } from '@app/server-kit';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { auditLog, joinRequests, teams, users } from '../db/schema.ts';
import type { TrackerContext } from './context.ts';
import { containing } from './search.ts';

/**
 * The audit targets of a page in words: `user:7` and `join-request:3` by the person's name,
 * `team:2` by the team's. Other targets (info calls, feedback) keep their record's id.
 */
async function targetNames(ctx: TrackerContext, targets: readonly string[]) {
  const { db } = ctx.database;
  const idsOf = (kind: string) =>
    targets.flatMap((target) => {
      const [k, id] = target.split(':');
      return k === kind && id && /^\d+$/.test(id) ? [Number(id)] : [];
    });
  const userIds = idsOf('user');
  const requestIds = idsOf('join-request');
  const teamIds = idsOf('team');
  const [people, requests, teamRows] = await Promise.all([
    userIds.length === 0
      ? []
      : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)),
    requestIds.length === 0
      ? []
      : db
          .select({ id: joinRequests.id, name: users.name })
          .from(joinRequests)
          .innerJoin(users, eq(joinRequests.userId, users.id))
          .where(inArray(joinRequests.id, requestIds)),
    teamIds.length === 0
      ? []
      : db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds)),
  ]);
  return new Map<string, string>([
    ...people.map((p) => [`user:${p.id}`, p.name] as const),
    ...requests.map((r) => [`join-request:${r.id}`, r.name] as const),
    ...teamRows.map((t) => [`team:${t.id}`, `Team ${t.name}`] as const),
  ]);
}

/**
 * Whether an audit line's operator, or the person or team it is about, has a name holding the
 * pattern: the same names the console shows for it (targetNames above). Each kind of name is
 * looked up once, as a set of operator ids or of targets (`user:7`, `join-request:3`, `team:2`)
 * the log's lines are checked against, rather than once per line.
 */
function auditNamed(ctx: TrackerContext, pattern: string) {
  const { db } = ctx.database;
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

/**
 * An operator filter names an account (an operator now, or one who was): any other id is a 400 in
 * words, as an unknown action is.
 */
async function refuseUnknownAccount(ctx: TrackerContext, id: number) {
  const [account] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, id));
  if (account === undefined) {
    throw new HttpError(
      'VALIDATION_ERROR',
      'Choose one of the operators: no account has this id.',
      [{ path: 'operator', message: 'Choose one of the operators' }],
    );
  }
}

/** The audit log, newest first: one action's lines, or those naming what was searched for. */
export async function auditPage(ctx: TrackerContext, page: AuditQuery): Promise<AuditPage> {
  const { db } = ctx.database;
  const pattern = containing(page.q);
  if (page.operator !== undefined) await refuseUnknownAccount(ctx, page.operator);
  const match = and(
    page.action === undefined ? undefined : eq(auditLog.action, page.action),
    page.operator === undefined ? undefined : eq(auditLog.operatorId, page.operator),
    pattern === null ? undefined : auditNamed(ctx, pattern),
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(match);
  const rows = await db
    .select({ entry: auditLog, name: users.name })
    .from(auditLog)
    .leftJoin(users, eq(auditLog.operatorId, users.id))
    .where(match)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const names = await targetNames(
    ctx,
    rows.map(({ entry }) => entry.target),
  );
  return {
    items: rows.map(({ entry, name }) => ({
      id: entry.id,
      operator: { id: entry.operatorId, name },
      action: entry.action,
      target: entry.target,
      targetName: names.get(entry.target) ?? null,
      before: entry.before,
      after: entry.after,
      at: entry.at.toISOString(),
    })),
    total: total?.n ?? 0,
    limit: page.limit,
    offset: page.offset,
  };
}
