/** The audit log's reading side: the console's page of it, searched by the names it shows. */
import type { AuditPage, AuditQuery } from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { TrackerContext } from './context.ts';
import { containing } from './search.ts';

/**
 * The audit targets of a page in words: `user:7` and `join-request:3` by the person's name,
 * `team:2` by the team's. Other targets (info calls, feedback) keep their record's id.
 */
async function targetNames(ctx: TrackerContext, targets: readonly string[]) {
  const { repos } = ctx;
  const idsOf = (kind: string) =>
    targets.flatMap((target) => {
      const [k, id] = target.split(':');
      return k === kind && id && /^\d+$/.test(id) ? [Number(id)] : [];
    });
  const userIds = idsOf('user');
  const requestIds = idsOf('join-request');
  const teamIds = idsOf('team');
  const [people, requests, teamRows] = await Promise.all([
    userIds.length === 0 ? [] : repos.users.namesOf(userIds),
    requestIds.length === 0 ? [] : repos.joinRequests.applicantNames(requestIds),
    teamIds.length === 0 ? [] : repos.teams.namesOf(teamIds),
  ]);
  return new Map<string, string>([
    ...people.map((p) => [`user:${p.id}`, p.name] as const),
    ...requests.map((r) => [`join-request:${r.id}`, r.name] as const),
    ...teamRows.map((t) => [`team:${t.id}`, `Team ${t.name}`] as const),
  ]);
}

/**
 * An operator filter names an account (an operator now, or one who was): any other id is a 400 in
 * words, as an unknown action is.
 */
async function refuseUnknownAccount(ctx: TrackerContext, id: number) {
  if (!(await ctx.repos.users.exists(id))) {
    throw new HttpError(
      'VALIDATION_ERROR',
      'Choose one of the operators: no account has this id.',
      [{ path: 'operator', message: 'Choose one of the operators' }],
    );
  }
}

/** The audit log, newest first: one action's lines, or those naming what was searched for. */
export async function auditPage(ctx: TrackerContext, page: AuditQuery): Promise<AuditPage> {
  const pattern = containing(page.q);
  if (page.operator !== undefined) await refuseUnknownAccount(ctx, page.operator);
  const { total, rows } = await ctx.repos.auditLog.page(
    { action: page.action, operatorId: page.operator, pattern },
    page.limit,
    page.offset,
  );
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
    total,
    limit: page.limit,
    offset: page.offset,
  };
}
