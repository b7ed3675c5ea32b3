import {
  calendarOf,
  listedAsQuiet,
  localDay,
  missesYou,
  QUIET_RULES,
  quietSpellOf,
  shiftDay,
  streaksOf,
} from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkIns, memberships, pauses, reminderSettings, teams } from '../src/db/schema.ts';
import {
  currentStreaksOf,
  daysOfMembers,
  type MemberDays,
  memberDaysOf,
  quietSpellOfMember,
} from '../src/services/member-days.ts';
import { quietMembers } from '../src/services/quiet-members.ts';
import { useTestTracker } from './helpers.ts';

/**
 * The bounded reads of a member's days ('weeks': the calendar's weeks, further back only for a
 * streak that has not broken; 'quiet': from the last answer on) give what the whole history gives:
 * the current streaks, the 12-week calendar, the recap's week, the quiet spell and the console's
 * quiet list, over random histories up to a year long, in random zones, with random check-in days
 * and pauses, on PGlite and on PostgreSQL.
 */
const NOW = new Date('2026-11-02T17:00:00Z');
const t = useTestTracker({ now: () => NOW });

const ZONES = ['America/Denver', 'Asia/Tokyo', 'Pacific/Honolulu', 'Pacific/Kiritimati'];

const history = fc.record({
  zone: fc.constantFrom(...ZONES),
  /** How many days ago they joined. */
  length: fc.integer({ min: 1, max: 365 }),
  /** How likely a check-in day is answered, and Yes, in percent: streaks to silence. */
  keeps: fc.constantFrom(100, 97, 80, 40, 0),
  yes: fc.constantFrom(100, 85, 50),
  /** Days since their last answer (a quiet spell), at most the length. */
  quietFor: fc.integer({ min: 0, max: 60 }),
  weekdays: fc.constantFrom<number[]>([], [1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5, 6], [1, 3, 5], [6]),
  pauses: fc.array(
    fc.record({ back: fc.integer({ min: -5, max: 365 }), days: fc.integer({ min: 1, max: 28 }) }),
    {
      maxLength: 2,
    },
  ),
  seed: fc.integer(),
});
type History = typeof history extends fc.Arbitrary<infer H> ? H : never;

let made = 0;
/** The member of `h`, written as the tracker keeps it; their membership row. */
async function write(h: History) {
  made += 1;
  const { db } = t.app.database;
  const [team] = await db
    .insert(teams)
    .values({ name: `Bounded ${made}-${process.pid}` })
    .returning();
  if (!team) throw new Error('no team');
  const user = await t.app.repos.users.insert({
    email: `bounded-${made}-${process.pid}@example.org`,
    passwordHash: 'not used',
    name: `Bounded ${made}`,
    timeZone: h.zone,
  });
  const joinedAt = new Date(NOW.getTime() - h.length * 86_400_000);
  const [membership] = await db
    .insert(memberships)
    .values({ teamId: team.id, userId: user.id, status: 'Active', createdAt: joinedAt })
    .returning();
  if (!membership) throw new Error('no membership');
  const today = localDay(NOW, h.zone);
  let dice = h.seed;
  const roll = () => {
    dice = (Math.imul(dice, 1_103_515_245) + 12_345) | 0;
    return ((dice >>> 8) & 0xffff) % 100;
  };
  const rows = [];
  for (let back = h.length; back >= Math.min(h.quietFor, h.length); back--) {
    if (roll() >= h.keeps) continue;
    rows.push({ userId: user.id, day: shiftDay(today, -back), done: roll() < h.yes, note: null });
  }
  if (rows.length > 0) await db.insert(checkIns).values(rows);
  if (h.weekdays.length > 0) {
    await db
      .insert(reminderSettings)
      .values({ userId: user.id, weekdays: h.weekdays })
      .onConflictDoUpdate({ target: reminderSettings.userId, set: { weekdays: h.weekdays } });
  }
  for (const p of h.pauses) {
    const firstDay = shiftDay(today, -p.back);
    await db
      .insert(pauses)
      .values({ userId: user.id, firstDay, lastDay: shiftDay(firstDay, p.days - 1) });
  }
  return { membership, user, teamId: team.id, joinedAt };
}

/** What the recap says of a member: their Yes answers of this week, their streak now. */
function recapLine(m: MemberDays, streak: number) {
  const week = calendarOf(m.input).at(-1);
  return { yes: week?.yes, streak };
}

async function compare(h: History) {
  const { user, teamId, joinedAt } = await write(h);
  const row = { user, teamId, joinedAt };
  const [whole] = await daysOfMembers(t.app, [row], NOW, 'all');
  const [weeks] = await daysOfMembers(t.app, [row], NOW, 'weeks');
  const [quiet] = await daysOfMembers(t.app, [row], NOW, 'quiet');
  if (!whole || !weeks || !quiet) throw new Error('no days read');
  // The whole history in one statement (the home's read) is the one read in three.
  expect(await memberDaysOf(t.app, { userId: user.id }, NOW)).toEqual([whole]);
  const streaks = streaksOf(whole.input);
  const bounded = currentStreaksOf(weeks);
  expect(bounded.current).toBe(streaks.current);
  expect(bounded.currentYes).toBe(streaks.currentYes);
  expect(calendarOf(weeks.input)).toEqual(calendarOf(whole.input));
  expect(recapLine(weeks, bounded.current)).toEqual(recapLine(whole, streaks.current));
  const spell = quietSpellOf(whole.input);
  expect(quietSpellOfMember(quiet)).toEqual(spell);
  for (const m of [weeks, quiet]) {
    expect(m.lastAnswer).toBe(whole.lastAnswer);
    expect(m.pausedToday).toBe(whole.pausedToday);
    expect(m.input.from).toBe(whole.input.from);
  }
  // The console's list, from the SQL's candidates: listed exactly when the whole history says so.
  const listed = (await quietMembers(t.app)).find((q) => q.id === user.id);
  const expected = !whole.pausedToday && listedAsQuiet(spell.days);
  expect(listed === undefined ? null : { days: listed.quietDays, since: listed.since }).toEqual(
    expected ? { days: spell.days, since: spell.since } : null,
  );
  // The "we miss you" schedule's candidates hold everyone it must mail.
  if (!whole.pausedToday && missesYou(spell.days)) {
    const [candidate] = await t.app.repos.members.quietCandidates({
      // Just before them in the candidates' order: their last answered day, then their account.
      after: { day: whole.lastAnswer ?? '0001-01-01', userId: user.id - 1 },
      limit: 1,
      answeredFrom: shiftDay(localDay(NOW, 'UTC'), 2 - QUIET_RULES.missYouAfter),
      unmailed: true,
    });
    expect(candidate?.user.id).toBe(user.id);
  }
  return { known: weeks.known, from: whole.input.from, streak: streaks.current };
}

describe('the bounded reads of members’ days', () => {
  it('give the whole history’s streaks, calendar, recap, quiet spell and quiet list', {
    timeout: 600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        await compare(h);
      }),
      { numRuns: 25, seed: 20_261_102 },
    );
  });

  it('read further back for a streak longer than the weeks they read', {
    timeout: 120_000,
  }, async () => {
    const long = await compare({
      zone: 'Asia/Tokyo',
      length: 300,
      keeps: 100,
      yes: 100,
      quietFor: 0,
      weekdays: [1, 2, 3, 4, 5],
      pauses: [],
      seed: 1,
    });
    // The streak began before the weeks read: only the whole history holds its start.
    expect(long.streak).toBeGreaterThan(7 * 12);
    expect(long.known).toBe('0001-01-01');
    expect(long.from < shiftDay(localDay(NOW, 'Asia/Tokyo'), -7 * 12)).toBe(true);
  });
});
