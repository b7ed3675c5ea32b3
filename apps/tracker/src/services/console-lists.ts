import {
  addCalendarDays,
  BOOKING_TIME_ZONE,
  type FeedbackEntry,
  type InfoCall,
  type PageQuery,
  wallClockAt,
  zonedInstant,
} from '@app/contracts';
import { infoCallDayCalendar } from '@app/contracts/calendar';
import { notFound } from '@app/server-kit';
import type { bookings, feedback } from '../db/schema.ts';
import { recordAction } from './audit.ts';
import type { TrackerContext } from './context.ts';

type BookingRow = typeof bookings.$inferSelect;
type FeedbackRow = typeof feedback.$inferSelect;

const infoCallOf = (row: BookingRow): InfoCall => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  category: row.category,
  at: row.slotAt.toISOString(),
  outcome: row.outcome ?? null,
});

const feedbackOf = (row: FeedbackRow): FeedbackEntry => ({
  id: row.id,
  name: row.name,
  email: row.email,
  feedback: row.feedback,
  category: row.category,
  sentAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** Info calls from the start of today in Mountain Time (the calls' own zone), soonest first. */
export async function infoCallPage(ctx: TrackerContext, page: PageQuery) {
  const today = zonedInstant(
    wallClockAt(ctx.trackerConfig.now().getTime(), BOOKING_TIME_ZONE),
    0,
    BOOKING_TIME_ZONE,
  );
  const { total, rows } = await ctx.repos.submissions.upcomingCalls(today, page.limit, page.offset);
  return { items: rows.map(infoCallOf), total, ...page };
}

/** The most calls one day's file lists: far beyond a day's bookings, a bound on one answer. */
const DAY_FILE_MAX = 1000;

/**
 * The info calls booked on one day of the calls' own calendar (Mountain Time), soonest first, as an
 * iCalendar file: `date` is `YYYY-MM-DD`.
 */
export async function infoCallDayFile(ctx: TrackerContext, date: string): Promise<string> {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const from = zonedInstant({ year, month, day }, 0, BOOKING_TIME_ZONE);
  const until = zonedInstant(addCalendarDays({ year, month, day }, 1), 0, BOOKING_TIME_ZONE);
  const rows = await ctx.repos.submissions.callsBetween(from, until, DAY_FILE_MAX);
  return infoCallDayCalendar(rows.map(infoCallOf), ctx.trackerConfig.now());
}

/** Records a call's outcome, with its audit line in the same transaction. */
export async function recordInfoCall(
  ctx: TrackerContext,
  operatorId: number,
  id: number,
  outcome: 'held' | 'no-show',
): Promise<InfoCall> {
  return ctx.database.db.transaction(async (tx) => {
    const before = await ctx.repos.submissions.lockBooking(id, tx);
    if (before === null) throw notFound('Info call');
    const after = await ctx.repos.submissions.setCallOutcome(id, outcome, tx);
    if (after === null) throw notFound('Info call');
    await recordAction(
      tx,
      operatorId,
      'info-call.outcome',
      `info-call:${id}`,
      { outcome: before.outcome ?? null },
      { outcome },
    );
    return infoCallOf(after);
  });
}

/** Feedback newest first, of one category or all. */
export async function feedbackPage(
  ctx: TrackerContext,
  page: PageQuery & { category?: string | undefined },
) {
  const { total, rows } = await ctx.repos.submissions.feedbackPage(
    page.category,
    page.limit,
    page.offset,
  );
  return {
    items: rows.map(feedbackOf),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}

/** Marks feedback read (once: a second mark keeps the first time), with its audit line. */
export async function markFeedbackRead(
  ctx: TrackerContext,
  operatorId: number,
  id: number,
): Promise<FeedbackEntry> {
  const now = ctx.trackerConfig.now();
  return ctx.database.db.transaction(async (tx) => {
    const before = await ctx.repos.submissions.lockFeedback(id, tx);
    if (before === null) throw notFound('Feedback');
    if (before.readAt !== null) return feedbackOf(before);
    const after = await ctx.repos.submissions.markFeedbackRead(id, now, tx);
    if (after === null) throw notFound('Feedback');
    await recordAction(
      tx,
      operatorId,
      'feedback.read',
      `feedback:${id}`,
      { readAt: null },
      {
        readAt: now.toISOString(),
      },
    );
    return feedbackOf(after);
  });
}
