/** The console's queue of join requests waiting for an operator, and the decisions still undoable. */
import {
  answerByOf,
  JOIN_RESPONSE_DAYS,
  type JoinRequestQueue,
  type QueueQuery,
} from '@app/contracts';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { auditLog, joinRequests, teams, users } from '../db/schema.ts';
import type { TrackerContext } from './context.ts';
import { areaId, containing } from './search.ts';

const DAY_MS = 86_400_000;
const OPEN = ['pending', 'unmatched'] as const;

/** Join requests waiting for an operator, oldest first, with their team's open seats. */
export async function joinRequestQueue(
  ctx: TrackerContext,
  page: QueueQuery,
  operatorId?: number,
): Promise<JoinRequestQueue> {
  const { db } = ctx.database;
  const now = ctx.trackerConfig.now();
  const search = containing(page.q);
  // Overdue exactly when answerBy (sentAt plus JOIN_RESPONSE_DAYS) is not after now.
  const dueBefore = new Date(now.getTime() - JOIN_RESPONSE_DAYS * DAY_MS);
  const open = and(
    inArray(joinRequests.status, [...OPEN]),
    search === null ? undefined : or(ilike(users.name, search), ilike(users.email, search)),
    page.area === undefined
      ? undefined
      : inArray(
          joinRequests.teamId,
          db
            .select({ id: teams.id })
            .from(teams)
            .where(eq(teams.focusAreaId, areaId(page.area))),
        ),
    page.overdue === undefined
      ? undefined
      : page.overdue === 'true'
        ? lte(joinRequests.createdAt, dueBefore)
        : gt(joinRequests.createdAt, dueBefore),
  );
  const [total] = await db
    .select({ n: count() })
    .from(joinRequests)
    .innerJoin(users, eq(joinRequests.userId, users.id))
    .where(open);
  const rows = await db
    .select({ request: joinRequests, user: users })
    .from(joinRequests)
    .innerJoin(users, eq(joinRequests.userId, users.id))
    .where(open)
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  // Only the teams on this page: every team's members would be read for nothing.
  const teamIds = new Set(
    rows.flatMap(({ request }) => (request.teamId === null ? [] : [request.teamId])),
  );
  const seats = await ctx.repos.teams.seatsOf([...teamIds], now);
  return {
    items: rows.map(({ request, user }) => {
      const answerBy = answerByOf(request.createdAt);
      const left = answerBy.getTime() - now.getTime();
      const team = request.teamId === null ? undefined : seats.get(request.teamId);
      return {
        id: request.id,
        status: request.status as (typeof OPEN)[number],
        applicant: { id: user.id, name: user.name, goal: user.goalSummary },
        team: team ? { id: team.id, name: team.name, openSeats: team.openSeats } : null,
        sentAt: request.createdAt.toISOString(),
        answerBy: answerBy.toISOString(),
        daysLeft: Math.min(JOIN_RESPONSE_DAYS, Math.max(0, Math.ceil(left / DAY_MS))),
        overdue: left <= 0,
      };
    }),
    total: total?.n ?? 0,
    limit: page.limit,
    offset: page.offset,
    recent: operatorId === undefined ? [] : await recentDecisions(ctx, operatorId),
  };
}

/** The operator's approvals and declines that can still be undone, newest first. */
async function recentDecisions(ctx: TrackerContext, operatorId: number) {
  const window = ctx.trackerConfig.decisionUndoMs;
  if (window <= 0) return [];
  const now = ctx.trackerConfig.now();
  const rows = await ctx.database.db
    .select({
      id: joinRequests.id,
      status: joinRequests.status,
      decidedAt: joinRequests.decidedAt,
      name: users.name,
    })
    .from(joinRequests)
    .innerJoin(users, eq(joinRequests.userId, users.id))
    .where(
      and(
        inArray(joinRequests.status, ['approved', 'declined']),
        gte(joinRequests.decidedAt, new Date(now.getTime() - window)),
        sql`exists (select 1 from ${auditLog} where ${auditLog.operatorId} = ${operatorId}
          and ${auditLog.target} = 'join-request:' || ${joinRequests.id}
          and ${auditLog.action} in ('join-request.approved', 'join-request.declined'))`,
      ),
    )
    .orderBy(desc(joinRequests.decidedAt), desc(joinRequests.id))
    .limit(10);
  return rows.flatMap((row) =>
    row.decidedAt === null || (row.status !== 'approved' && row.status !== 'declined')
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            status: row.status,
            undoUntil: new Date(row.decidedAt.getTime() + window).toISOString(),
          },
        ],
  );
}
