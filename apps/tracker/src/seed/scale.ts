/**
 * A large data set for measuring the tracker: `members` accounts on teams of six in the seed's
 * focus areas, each with up to `days` days of check-ins ending today, written with a few
 * INSERT ... SELECT generate_series statements so ten thousand members with a year each take a
 * minute or so. The mix is drawn from the member's number and the day alone (PostgreSQL's
 * hashtext), so the same command gives the same data on PGlite and PostgreSQL:
 *
 * - most members answer most of their check-in days, some weekends too, Yes mostly;
 * - one in ten keeps a streak (every check-in day, Yes);
 * - one in ten went quiet 4 to 43 days ago;
 * - one in twenty answers in bursts (two weeks on, one off);
 * - one in twenty is paused now, one in twenty paused for two weeks a hundred days ago;
 * - one in ten joined later than the rest (so their history is shorter);
 * - a fifth of the answers carry a note; teammates cheer some Yes answers and reply to notes;
 * - each came through a join request an operator approved (a line in the audit log each), and
 *   an operator noted reaching out to one in ten of the quiet;
 * - reminders at many minutes of the day, in twelve zones, on three kinds of week; weekly
 *   recaps for everyone; the daily digest for one in five; each with its next time worked out.
 */
import { DIGEST_RULE, RECAP_RULE, REMINDER_DEFAULTS, shiftDay } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.ts';
import type { Db } from '../db/types.ts';
import { nextLocalTime } from '../schedule.ts';
import { SEED_NOTES } from './data.ts';

/** The zones the scale members live in, in turn: both sides of the date line, half hours too. */
export const SCALE_TIME_ZONES = [
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'America/Sao_Paulo',
  'Pacific/Honolulu',
] as const;

/** The weeks a member's reminders (their check-in days) can take: by the member's number. */
const WEEKS = [REMINDER_DEFAULTS.weekdays, [0, 1, 2, 3, 4, 5, 6], [1, 3, 5]] as const;
const weekOf = (i: number) => (i % 5 === 0 ? 1 : i % 5 === 3 ? 2 : 0);

/**
 * Scale members cannot sign in (no password gives this hash), and are not the first-start seed's
 * members ('none'), whose check-ins every start tops up.
 */
const NO_SIGN_IN = 'scale member: no sign-in';

/** A scale member's address, by their number. */
export const scaleEmail = (i: number) => `scale-${i}@example.org`;

export interface ScaleSeed {
  members: number;
  days: number;
  now: Date;
}

export interface ScaleCounts {
  members: number;
  teams: number;
  checkIns: number;
  cheers: number;
  replies: number;
  pauses: number;
  joinRequests: number;
}

const count = async (db: Db, query: ReturnType<typeof sql>) => {
  const [row] = rowsOf<{ n: number | string }>(await db.execute(query));
  return Number(row?.n ?? 0);
};

/**
 * Adds the scale members to a migrated, seeded database (openDatabase does both). Members are
 * numbered after those a previous run added, so it can be run again to grow the set.
 */
export async function seedScale(db: Db, { members, days, now }: ScaleSeed): Promise<ScaleCounts> {
  if (!Number.isInteger(members) || members < 1) throw new Error('members: a whole number >= 1');
  if (!Number.isInteger(days) || days < 1) throw new Error('days: a whole number >= 1');
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const first = await count(
      tx,
      sql`SELECT count(*) AS n FROM users WHERE email LIKE 'scale-%@example.org'`,
    );
    const last = first + members - 1;
    const zones = `{${SCALE_TIME_ZONES.join(',')}}`;
    const areas = rowsOf<{ area: number; role: number }>(
      await tx.execute(
        sql`SELECT focus_area_id AS area, role_area_id AS role FROM focus_area_roles ORDER BY focus_area_id, position`,
      ),
    );
    if (areas.length === 0) throw new Error('The database has no focus areas: seed it first');
    const areaList = JSON.stringify(areas);

    // Teams of six, by member number; a previous run's last team is not topped up.
    const firstTeam = Math.ceil(first / 6);
    const lastTeam = Math.floor(last / 6);
    await tx.execute(sql`
      INSERT INTO teams (name, focus_area_id, focus_role_id, created_at)
      SELECT 'Scale team ' || t, (a->>'area')::int, (a->>'role')::int,
             ${at}::timestamptz - make_interval(days => ${days})
      FROM generate_series(${firstTeam}::int, ${lastTeam}::int) AS t
      CROSS JOIN LATERAL (
        SELECT ${areaList}::jsonb -> (t % jsonb_array_length(${areaList}::jsonb)) AS a
      ) pick`);

    await tx.execute(sql`
      INSERT INTO users (email, email_confirmed_at, password_hash, name, goal_summary, time_zone, created_at)
      SELECT 'scale-' || i || '@example.org', ${at}::timestamptz, ${NO_SIGN_IN}, 'Scale Member ' || i,
             'Do that thing every day', (${zones}::text[])[1 + i % ${SCALE_TIME_ZONES.length}],
             ${at}::timestamptz - make_interval(days => ${days} + 1)
      FROM generate_series(${first}::int, ${last}::int) AS i`);

    // Who is who, for the statements below: number, account, team, how long ago they joined.
    await tx.execute(sql`DROP TABLE IF EXISTS scale_members`);
    await tx.execute(sql`
      CREATE TEMP TABLE scale_members ON COMMIT DROP AS
      SELECT n.i, u.id AS user_id, t.id AS team_id,
             CASE WHEN n.i % 10 = 3 THEN (n.i * 7) % ${days} ELSE ${days} END AS joined_back,
             60 + abs(hashtext('keeps:' || n.i)) % 36 AS keeps
      FROM users u
      CROSS JOIN LATERAL (SELECT substring(u.email FROM '^scale-([0-9]+)@')::int AS i) n
      JOIN teams t ON t.name = 'Scale team ' || (n.i / 6)
      WHERE u.email LIKE 'scale-%@example.org' AND n.i BETWEEN ${first} AND ${last}`);
    await tx.execute(sql`CREATE INDEX ON scale_members (i)`);

    await tx.execute(sql`
      INSERT INTO memberships (team_id, user_id, status, created_at)
      SELECT team_id, user_id, 'Active', ${at}::timestamptz - make_interval(days => joined_back)
      FROM scale_members`);

    // How each came: a join request for their team, approved by an operator a day after it was
    // made (their membership begins then), with the line it left in the audit log; and for one in
    // ten quiet members, the note an operator made of reaching out (its line names the member).
    await tx.execute(sql`
      INSERT INTO join_requests (user_id, team_id, membership_id, status, created_at, decided_at,
                                 asked_team_id, focus_area_id, focus_role_id)
      SELECT m.user_id, m.team_id, m.id, 'approved', m.created_at - interval '1 day', m.created_at,
             m.team_id, t.focus_area_id, t.focus_role_id
      FROM scale_members s
      JOIN memberships m ON m.user_id = s.user_id AND m.team_id = s.team_id
      JOIN teams t ON t.id = m.team_id`);
    const [operator] = rowsOf<{ id: number }>(
      await tx.execute(sql`SELECT id FROM users WHERE role = 'operator' ORDER BY id LIMIT 1`),
    );
    const operatorId = operator?.id ?? 0;
    await tx.execute(sql`
      INSERT INTO audit_log (operator_id, action, target, before, after, at)
      SELECT ${operatorId}::int, 'join-request.approved', 'join-request:' || j.id,
             '{"status":"pending"}'::jsonb, '{"status":"approved"}'::jsonb, j.decided_at
      FROM scale_members s JOIN join_requests j ON j.user_id = s.user_id
      UNION ALL
      SELECT ${operatorId}::int, 'quiet-member.noted', 'user:' || s.user_id, NULL,
             '{"note":"Wrote to ask how it is going"}'::jsonb, ${at}::timestamptz - interval '2 days'
      FROM scale_members s WHERE s.i % 100 = 7
      ORDER BY 6`);

    // Pauses: now (one in twenty), two weeks a hundred days ago (one in twenty).
    await tx.execute(sql`
      INSERT INTO pauses (user_id, first_day, last_day, created_at)
      SELECT user_id,
             CASE WHEN i % 20 = 15 THEN today - 2 ELSE today - 100 END,
             CASE WHEN i % 20 = 15 THEN today + 5 ELSE today - 87 END,
             ${at}::timestamptz
      FROM scale_members,
           LATERAL (SELECT (${at}::timestamptz AT TIME ZONE 'UTC')::date AS today) d
      WHERE i % 20 IN (5, 15) AND joined_back > 100`);

    const notes = `{${SEED_NOTES.map((n) => `"${n.replaceAll('"', '\\"')}"`).join(',')}}`;
    await tx.execute(sql`
      INSERT INTO check_ins (user_id, day, done, note, created_at, updated_at)
      SELECT s.user_id, d.day,
             s.i % 10 = 1 OR abs(hashtext('done:' || s.i || ':' || d.k)) % 100 < 85,
             CASE WHEN abs(hashtext('note:' || s.i || ':' || d.k)) % 100 < 20
                  THEN (${notes}::text[])[1 + abs(hashtext('which:' || s.i || ':' || d.k)) % ${SEED_NOTES.length}]
             END,
             ${at}::timestamptz - make_interval(days => d.k),
             ${at}::timestamptz - make_interval(days => d.k)
      FROM scale_members s
      CROSS JOIN LATERAL (
        SELECT k, (${at}::timestamptz AT TIME ZONE 'UTC')::date - k AS day,
               abs(hashtext(s.i || ':' || k)) % 100 AS roll
        FROM generate_series(0, least(s.joined_back, ${days}) - 1) AS k
      ) d
      WHERE
        -- Today's answer: half of them have given it.
        (d.k > 0 OR s.i % 2 = 0)
        -- Quiet: nothing since they went quiet.
        AND NOT (s.i % 10 = 7 AND d.k < 4 + (s.i / 10) % 40)
        -- In bursts: one week in three off.
        AND NOT (s.i % 20 = 9 AND (d.k / 7 + s.i) % 3 = 0)
        -- Paused: nothing in the pause.
        AND NOT (s.i % 20 = 15 AND d.k <= 2)
        AND NOT (s.i % 20 = 5 AND s.joined_back > 100 AND d.k BETWEEN 87 AND 100)
        AND CASE
          WHEN extract(dow FROM d.day)::int = ANY (
            CASE WHEN s.i % 5 = 0 THEN ARRAY[0,1,2,3,4,5,6]
                 WHEN s.i % 5 = 3 THEN ARRAY[1,3,5]
                 ELSE ARRAY[1,2,3,4,5] END)
          THEN s.i % 10 = 1 OR d.roll < s.keeps
          ELSE d.roll < 15
        END`);

    // A teammate (the next one on the team) cheers some Yes answers and replies to some notes.
    await tx.execute(sql`
      INSERT INTO cheers (check_in_id, user_id, created_at)
      SELECT c.id, mate.user_id, c.created_at
      FROM scale_members s
      JOIN scale_members mate ON mate.i = s.i - s.i % 6 + (s.i % 6 + 1) % 6 AND mate.i <> s.i
      JOIN check_ins c ON c.user_id = s.user_id
      WHERE c.done AND abs(hashtext('cheer:' || c.id)) % 100 < 15`);
    await tx.execute(sql`
      INSERT INTO check_in_replies (check_in_id, user_id, text, created_at)
      SELECT c.id, mate.user_id, 'Well done, keep going!', c.created_at
      FROM scale_members s
      JOIN scale_members mate ON mate.i = s.i - s.i % 6 + (s.i % 6 + 1) % 6 AND mate.i <> s.i
      JOIN check_ins c ON c.user_id = s.user_id
      WHERE c.note IS NOT NULL AND abs(hashtext('reply:' || c.id)) % 100 < 20`);

    // A running tracker's answers lie in its table day by day (each day's of every member
    // together), not member by member as written above: a member's year is then on a page a day,
    // and a read of their history visits each. The table is rewritten in that order (CLUSTER, by a
    // (day, user_id) index made for it and dropped after).
    await tx.execute(sql`CREATE INDEX scale_check_ins_by_day ON check_ins (day, user_id)`);
    await tx.execute(sql`CLUSTER check_ins USING scale_check_ins_by_day`);
    await tx.execute(sql`DROP INDEX scale_check_ins_by_day`);

    // The schedules' rows, each with its next time, as a running tracker would have left them.
    const rows = Array.from({ length: members }, (_, n) => {
      const i = first + n;
      const zone = SCALE_TIME_ZONES[i % SCALE_TIME_ZONES.length] ?? 'UTC';
      const minute = 6 * 60 + ((i * 15) % (16 * 60));
      const week = weekOf(i);
      return {
        email: scaleEmail(i),
        zone,
        minute,
        week,
        reminder: nextLocalTime(now, WEEKS[week] ?? [], minute, zone).toISOString(),
        recap: nextLocalTime(now, [RECAP_RULE.weekday], RECAP_RULE.minute, zone).toISOString(),
        digest: i % 5 === 2,
        digestAt: nextLocalTime(now, [0, 1, 2, 3, 4, 5, 6], DIGEST_RULE.minute, zone).toISOString(),
      };
    });
    const json = JSON.stringify(rows);
    const recordset = sql`
      jsonb_to_recordset(${json}::jsonb) AS r(email text, zone text, minute int, week int,
        reminder timestamptz, recap timestamptz, digest boolean, "digestAt" timestamptz)
      JOIN users u ON u.email = r.email`;
    await tx.execute(sql`
      INSERT INTO reminder_settings (user_id, local_minute, weekdays, next_at, time_zone)
      SELECT u.id, r.minute,
             CASE r.week WHEN 1 THEN ARRAY[0,1,2,3,4,5,6] WHEN 2 THEN ARRAY[1,3,5] ELSE ARRAY[1,2,3,4,5] END,
             r.reminder, r.zone
      FROM ${recordset}
      ON CONFLICT (user_id) DO UPDATE SET local_minute = excluded.local_minute,
        weekdays = excluded.weekdays, next_at = excluded.next_at, time_zone = excluded.time_zone`);
    await tx.execute(sql`
      INSERT INTO recap_settings (user_id, next_at, time_zone) SELECT u.id, r.recap, r.zone FROM ${recordset}
      ON CONFLICT (user_id) DO UPDATE SET next_at = excluded.next_at, time_zone = excluded.time_zone`);
    await tx.execute(sql`
      INSERT INTO digest_settings (user_id, enabled, next_at, time_zone)
      SELECT u.id, r.digest, CASE WHEN r.digest THEN r."digestAt" END, r.zone FROM ${recordset}
      ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, next_at = excluded.next_at,
        time_zone = excluded.time_zone`);

    const counted = (table: string, where = 'true') =>
      count(
        tx,
        sql.raw(
          `SELECT count(*) AS n FROM ${table} WHERE user_id IN (SELECT user_id FROM scale_members) AND ${where}`,
        ),
      );
    const result: ScaleCounts = {
      members,
      teams: lastTeam - firstTeam + 1,
      checkIns: await counted('check_ins'),
      cheers: await counted('cheers'),
      replies: await counted('check_in_replies'),
      pauses: await counted('pauses'),
      joinRequests: await counted('join_requests'),
    };
    return result;
  });
}

/** The first day a scale member's history can hold, on the seed's calendar. */
export const scaleFirstDay = (now: Date, days: number) =>
  shiftDay(now.toISOString().slice(0, 10), -(days - 1));
