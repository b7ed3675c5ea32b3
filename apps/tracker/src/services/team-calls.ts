import {
  type ConsoleTeamCall,
  clockTimeOf,
  type MemberCall,
  minuteOfDay,
  type TeamCall,
  type TeamCallForm,
} from '@app/contracts';
import { teamCallCalendar } from '@app/contracts/calendar';
import { HttpError } from '@app/server-kit';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Db } from '../db/types.ts';
import type { CallRow } from '../repositories/team-calls.ts';
import { nextLocalTime } from '../schedule.ts';
import { recordAction } from './audit.ts';
import type { TrackerContext } from './context.ts';

const TEAM_NOT_FOUND = () => new HttpError('TEAM_NOT_FOUND', 'There is no such team.');
const NOT_ON_TEAM = () => new HttpError('NOT_FOUND', 'You are not on a team.');
const NO_CALLS = () => new HttpError('NOT_FOUND', 'Your team has no calls set yet.');

function formOf(row: CallRow): TeamCall {
  return {
    timeZone: row.timeZone,
    slots: [
      { weekday: row.firstWeekday, time: clockTimeOf(row.firstMinute) },
      { weekday: row.secondWeekday, time: clockTimeOf(row.secondMinute) },
    ],
    durationMinutes: row.durationMinutes,
    meetingUrl: row.meetingUrl,
  };
}

async function teamRow(ctx: TrackerContext, db: Db, teamId: number) {
  const team = await ctx.repos.teams.nameOf(teamId, db);
  if (team === null) throw TEAM_NOT_FOUND();
  return team;
}

/** A team's calls for the console: null until an operator sets them. */
export async function consoleTeamCall(
  ctx: TrackerContext,
  teamId: number,
): Promise<ConsoleTeamCall> {
  const team = await teamRow(ctx, ctx.database.db, teamId);
  const row = await ctx.repos.teamCalls.get(teamId);
  return { team, call: row ? formOf(row) : null };
}

/** Sets a team's calls, with a line in the audit log in the same transaction. */
export async function setTeamCall(
  ctx: TrackerContext,
  operatorId: number,
  teamId: number,
  form: TeamCallForm,
): Promise<ConsoleTeamCall> {
  const [first, second] = form.slots;
  const values = {
    teamId,
    timeZone: form.timeZone,
    firstWeekday: first.weekday,
    firstMinute: minuteOfDay(first.time),
    secondWeekday: second.weekday,
    secondMinute: minuteOfDay(second.time),
    durationMinutes: form.durationMinutes,
    meetingUrl: form.meetingUrl,
    updatedAt: ctx.trackerConfig.now(),
  };
  return ctx.database.db.transaction(async (tx) => {
    const team = await teamRow(ctx, tx, teamId);
    const before = await ctx.repos.teamCalls.get(teamId, tx, true);
    const row = await ctx.repos.teamCalls.upsert(values, tx);
    const after = formOf(row);
    await recordAction(
      tx,
      operatorId,
      'team-call.set',
      `team:${teamId}`,
      before ? formOf(before) : null,
      after,
    );
    return { team, call: after };
  });
}

function slotsOf(row: CallRow) {
  return [
    { weekday: row.firstWeekday, minute: row.firstMinute },
    { weekday: row.secondWeekday, minute: row.secondMinute },
  ];
}

/** The calls of the member's team as the member sees them, or null (no team, or none set). */
export async function memberCall(
  ctx: TrackerContext,
  userId: number,
  db: Db = ctx.database.db,
  known?: {
    place: { teamId: number; skipsCalls: boolean };
    attendees: readonly { id: number; name: string; skipsCalls: boolean }[];
    /** The team's call as already read (null: none). */
    call: CallRow | null;
  },
): Promise<MemberCall | null> {
  const place = known?.place ?? (await ctx.repos.members.activePlace(userId, db));
  if (place === null) return null;
  const row = known === undefined ? await ctx.repos.teamCalls.get(place.teamId, db) : known.call;
  if (row === null) return null;
  const now = ctx.trackerConfig.now();
  const attendees = known?.attendees ?? (await ctx.repos.members.callAttendees(place.teamId, db));
  return {
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    meetingUrl: row.meetingUrl,
    slots: slotsOf(row)
      .map((slot) => ({
        weekday: slot.weekday,
        time: clockTimeOf(slot.minute),
        next: nextLocalTime(now, [slot.weekday], slot.minute, row.timeZone).toISOString(),
      }))
      .sort((a, b) => a.next.localeCompare(b.next)),
    coming: !place.skipsCalls,
    attendees: attendees.map((a) => ({ id: a.id, name: a.name, coming: !a.skipsCalls })),
  };
}

/** Bows the member out of the team's calls, or back in; they stay on the team either way. */
export async function setCallAttendance(
  ctx: TrackerContext,
  userId: number,
  coming: boolean,
): Promise<MemberCall> {
  const place = await ctx.repos.members.activePlace(userId);
  if (place === null) throw NOT_ON_TEAM();
  await ctx.repos.members.setSkipsCalls(place.id, !coming);
  const call = await memberCall(ctx, userId);
  if (call === null) throw NO_CALLS();
  return call;
}

/**
 * The team's calls as an iCalendar file: one weekly event per time in the team's zone, with the
 * zone's VTIMEZONE from timezones-ical-library (the IANA rules, kept current by its maintainers).
 */
export async function callCalendar(ctx: TrackerContext, userId: number) {
  const place = await ctx.repos.members.activePlace(userId);
  if (place === null) throw NOT_ON_TEAM();
  const row = await ctx.repos.teamCalls.get(place.teamId);
  if (row === null) throw NO_CALLS();
  const now = ctx.trackerConfig.now();
  return teamCallCalendar({
    teamId: row.teamId,
    teamName: place.team,
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    meetingUrl: row.meetingUrl,
    calls: slotsOf(row).map((slot) => ({
      ...slot,
      firstStart: nextLocalTime(now, [slot.weekday], slot.minute, row.timeZone),
    })),
    now,
    vtimezone: (tz) => tzlib_get_ical_block(tz)[0] ?? null,
  });
}
