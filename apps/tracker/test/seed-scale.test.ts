import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { localDay, shiftDay } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { SCALE_TIME_ZONES } from '../src/seed/scale.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * `pnpm --filter @app/tracker seed:scale --members N --days D` fills the database the tracker's
 * settings name (here a test's own) with what it says: N members on teams of six of the seed's
 * areas, up to D days of answers each, and the mix the bench relies on.
 */
const trackerDir = fileURLToPath(new URL('..', import.meta.url));
const MEMBERS = 40;
const DAYS = 120;

let store: TestDatabase;
let database: Database;
let stdout: string;
const today = new Date().toISOString().slice(0, 10);

const rows = async <T>(query: ReturnType<typeof sql>) =>
  rowsOf<T>(await database.db.execute(query));

beforeAll(async () => {
  store = await createTestDatabase();
  ({ stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/seed/scale-cli.ts',
      '--members',
      String(MEMBERS),
      '--days',
      String(DAYS),
    ],
    {
      cwd: trackerDir,
      env: {
        ...process.env,
        TRACKER_DATA_DIR: store.dataDir,
        DATABASE_URL: store.databaseUrl ?? '',
      },
    },
  ));
  database = await openDatabase({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await store?.cleanup();
});

describe('the scale seed', () => {
  it('makes N Active members on teams of six of the seed areas, in many zones', async () => {
    const [made] = await rows<{ members: string; teams: string; zones: string; areas: string }>(sql`
      SELECT count(*) AS members, count(DISTINCT m.team_id) AS teams,
             count(DISTINCT u.time_zone) AS zones, count(DISTINCT t.focus_area_id) AS areas
      FROM users u JOIN memberships m ON m.user_id = u.id AND m.status = 'Active'
      JOIN teams t ON t.id = m.team_id
      WHERE u.email LIKE 'scale-%@example.org'`);
    expect(Number(made?.members)).toBe(MEMBERS);
    expect(Number(made?.teams)).toBe(Math.ceil(MEMBERS / 6));
    expect(Number(made?.zones)).toBe(SCALE_TIME_ZONES.length);
    expect(Number(made?.areas)).toBeGreaterThan(1);
    const sizes = await rows<{ n: string }>(sql`
      SELECT count(*) AS n FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE u.email LIKE 'scale-%@example.org' GROUP BY m.team_id`);
    expect(sizes.every((s) => Number(s.n) <= 6)).toBe(true);
  });

  it('prints what it wrote', async () => {
    const [counted] = await rows<{ c: string; ch: string; r: string; p: string }>(sql`
      SELECT (SELECT count(*) FROM check_ins) AS c, (SELECT count(*) FROM cheers) AS ch,
             (SELECT count(*) FROM check_in_replies) AS r, (SELECT count(*) FROM pauses) AS p`);
    expect(stdout).toContain(
      `Seeded ${MEMBERS} members on ${Math.ceil(MEMBERS / 6)} teams with ${DAYS} days: `,
    );
    expect(stdout).toContain(
      `${counted?.c} check-ins, ${counted?.ch} cheers, ${counted?.r} replies, ${counted?.p} pauses`,
    );
    expect(Number(counted?.ch)).toBeGreaterThan(0);
    expect(Number(counted?.r)).toBeGreaterThan(0);
    expect(Number(counted?.p)).toBeGreaterThan(0);
  });

  it('writes D days at most, up to today, with streaks, gaps and quiet members', async () => {
    const perMember = await rows<{ email: string; first: string; last: string; n: string }>(sql`
      SELECT u.email, min(c.day)::text AS first, max(c.day)::text AS last, count(*) AS n
      FROM users u JOIN check_ins c ON c.user_id = u.id
      WHERE u.email LIKE 'scale-%@example.org' GROUP BY u.email`);
    const first = shiftDay(today, -(DAYS - 1));
    expect(perMember.every((m) => m.first >= first && m.last <= today)).toBe(true);
    const of = (i: number) => perMember.find((m) => m.email === `scale-${i}@example.org`);
    // Member 1 keeps a streak: most of the days; member 7 went quiet 4 days ago.
    expect(Number(of(1)?.n)).toBeGreaterThan(DAYS * 0.6);
    expect((of(7)?.last ?? '') <= shiftDay(today, -4)).toBe(true);
    // Member 9 answers in bursts: whole weeks without an answer.
    const gaps = await rows<{ gap: number }>(sql`
      SELECT max(next - day) AS gap FROM (
        SELECT day, lead(day) OVER (ORDER BY day) AS next FROM check_ins c
        JOIN users u ON u.id = c.user_id WHERE u.email = 'scale-9@example.org') d`);
    expect(Number(gaps[0]?.gap)).toBeGreaterThanOrEqual(7);
  });

  it('lays the answers out day by day, as a running tracker’s are, not member by member', async () => {
    // The table's physical order (ctid: page, then place on it) against day and member.
    const [order] = await rows<{ by_day: number; by_member: number }>(sql`
      SELECT corr(page, day - date '2000-01-01') AS by_day, corr(page, user_id) AS by_member
      FROM (SELECT (ctid::text::point)[0] AS page, day, user_id FROM check_ins) c`);
    expect(order?.by_day).toBeGreaterThan(0.9);
    expect(Math.abs(order?.by_member ?? 1)).toBeLessThan(0.5);
  });

  it('schedules reminders at many minutes, recaps for all, digests for some, with next times', async () => {
    const [s] = await rows<{
      minutes: string;
      reminders: string;
      recaps: string;
      digests: string;
    }>(sql`
      SELECT count(DISTINCT r.local_minute) AS minutes,
             count(r.next_at) AS reminders,
             (SELECT count(next_at) FROM recap_settings) AS recaps,
             (SELECT count(*) FROM digest_settings WHERE enabled AND next_at IS NOT NULL) AS digests
      FROM reminder_settings r`);
    expect(Number(s?.minutes)).toBeGreaterThan(10);
    expect(Number(s?.reminders)).toBe(MEMBERS);
    expect(Number(s?.recaps)).toBe(MEMBERS);
    expect(Number(s?.digests)).toBe(MEMBERS / 5);
    // A member paused now is paused on their today.
    const paused = await rows<{ first_day: string; last_day: string }>(sql`
      SELECT p.first_day::text, p.last_day::text FROM pauses p JOIN users u ON u.id = p.user_id
      WHERE u.email = 'scale-15@example.org'`);
    const theirs = localDay(new Date(), SCALE_TIME_ZONES[15 % SCALE_TIME_ZONES.length] ?? 'UTC');
    expect(paused.some((p) => p.first_day <= theirs && theirs <= p.last_day)).toBe(true);
  });

  it('refuses a count that is not a whole number, and writes nothing', {
    timeout: 120_000,
  }, async () => {
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/seed/scale-cli.ts', '--members', 'lots', '--days', '3'],
      {
        cwd: trackerDir,
        env: { ...process.env, TRACKER_DATA_DIR: store.dataDir, DATABASE_URL: '' },
      },
    );
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--members must be a whole number of at least 1'),
    });
  });
});
