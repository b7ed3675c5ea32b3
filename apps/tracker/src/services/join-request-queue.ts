/** The console's queue of join requests waiting for an operator, and the decisions still undoable. */
import {
  answerByOf,
  JOIN_RESPONSE_DAYS,
  type JoinRequestQueue,
  type QueueQuery,
} from '@app/contracts';
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
  const now = ctx.trackerConfig.now();
  // Overdue exactly when answerBy (sentAt plus JOIN_RESPONSE_DAYS) is not after now.
  const dueBefore = new Date(now.getTime() - JOIN_RESPONSE_DAYS * DAY_MS);
  const { total, rows } = await ctx.repos.joinRequests.queuePage(
    {
      pattern: containing(page.q),
      focusAreaId: page.area === undefined ? undefined : areaId(page.area),
      overdue: page.overdue === undefined ? undefined : page.overdue === 'true',
      dueBefore,
    },
    page.limit,
    page.offset,
  );
  // Only the teams on this page: every team's members would be read for nothing.
  const teamIds = new Set(
    rows.flatMap(({ request }) => (request.teamId === null ? [] : [request.teamId])),
  );
  const seats = await ctx.repos.teams.seatsOf([...teamIds], now);
  const returning = await ctx.repos.joinRequests.returningOf(rows.map(({ user }) => user.id));
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
        returning: returning.has(user.id),
        placed: request.status === 'pending' && request.placedAt !== null,
      };
    }),
    total,
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
  const rows = await ctx.repos.joinRequests.decidedBy(operatorId, new Date(now.getTime() - window));
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
