import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { preparedOn } from '../db/prepared.ts';
import { rowsOf } from '../db/rows.ts';
import {
  type JoinRequestStatus,
  lastAnswers,
  memberships,
  teamCalls,
  teams,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import {
  type CheerersJson,
  cheerersFrom,
  cheerersOf,
  type RepliesJson,
  repliesFrom,
  repliesTo,
} from './check-ins.ts';

/**
 * Who stands on a team for their teammates (the member's home, the check-in board, the team's
 * calls): an Active membership of an account an operator has not made Inactive. `which` picks
 * the team or the member; the query joins users on memberships.
 */
export function activeTeammate(which: SQL): SQL | undefined {
  return and(which, eq(memberships.status, 'Active'), ne(users.status, 'Inactive'));
}

/** Where a read of the quiet candidates stopped: the last one's last answered day and account. */
export interface QuietCursor {
  day: string;
  userId: number;
}

/** Which Active members a read takes: one team's, one member, some members, or everyone on a team. */
export type MemberFilter =
  | { teamId: number }
  | { userId: number }
  | { userIds: readonly number[] }
  | undefined;

function memberCondition(which: MemberFilter) {
  if (which === undefined) return activeTeammate(eq(memberships.status, 'Active'));
  if ('teamId' in which) {
    return activeTeammate(
      and(eq(memberships.teamId, which.teamId), eq(memberships.status, 'Active')) as SQL,
    );
  }
  if ('userIds' in which) {
    return activeTeammate(
      which.userIds.length === 0 ? sql`false` : inArray(memberships.userId, [...which.userIds]),
    );
  }
  return activeTeammate(eq(memberships.userId, which.userId));
}

/** listWithHistory's statement: the members `where` picks, each with their whole history. */
function withHistory(on: Db, where: SQL | undefined) {
  return on
    .select({
      user: users,
      teamId: memberships.teamId,
      joinedAt: memberships.createdAt,
      weekdays: sql<number[] | null>`(
        SELECT r.weekdays FROM reminder_settings r WHERE r.user_id = ${users.id})`,
      pauses: sql<[string, string][] | null>`(
        SELECT json_agg(json_build_array(p.first_day, p.last_day) ORDER BY p.first_day)
        FROM pauses p WHERE p.user_id = ${users.id})`,
      approvals: sql<[number | null, string | null][] | null>`(
        SELECT json_agg(json_build_array(j.team_id,
                 floor(extract(epoch FROM j.decided_at) * 1000)::bigint::text) ORDER BY j.id)
        FROM join_requests j WHERE j.user_id = ${users.id} AND j.status = 'approved')`,
      back: sql<string | null>`(
        SELECT max(q.back_on)::text FROM quiet_spells q
        WHERE q.user_id = ${users.id} AND q.back_on IS NOT NULL)`,
      first: sql<string | null>`(
        SELECT min(c.day)::text FROM check_ins c WHERE c.user_id = ${users.id})`,
      latest: sql<string | null>`(
        SELECT max(c.day)::text FROM check_ins c WHERE c.user_id = ${users.id})`,
      answers: sql<string | null>`(
        SELECT string_agg(c.day::text || CASE WHEN c.done THEN '+' ELSE '-' END, ','
                          ORDER BY c.day)
        FROM check_ins c WHERE c.user_id = ${users.id})`,
    })
    .from(memberships)
    .innerJoin(users, eq(memberships.userId, users.id))
    .where(where);
}

/**
 * The members aggregate: memberships read with their accounts, as teammates see each other.
 * Seat changes (adding, ending a membership) stay with the teams repository, which locks the team.
 */
export function membersRepository(db: Db) {
  const boardStatement = preparedOn(db, (on) =>
    on
      .select({
        user: users,
        placeId: memberships.id,
        joinedAt: memberships.createdAt,
        team: teams.name,
        approvedMs: sql<string | null>`(
          SELECT floor(extract(epoch FROM j.decided_at) * 1000)::bigint::text
          FROM join_requests j
          WHERE j.user_id = ${users.id} AND j.team_id = ${memberships.teamId}
            AND j.status = 'approved' AND j.decided_at IS NOT NULL
          ORDER BY j.id DESC LIMIT 1)`,
        firstAnswer: sql<string | null>`(
          SELECT min(c.day)::text FROM check_ins c WHERE c.user_id = ${users.id})`,
        pauses: sql<[string, string][] | null>`(
          SELECT json_agg(json_build_array(p.first_day, p.last_day) ORDER BY p.first_day)
          FROM pauses p WHERE p.user_id = ${users.id})`,
        checkIns: sql<
          | [number, string, boolean, string | null, string, string, CheerersJson, RepliesJson][]
          | null
        >`(
          SELECT json_agg(json_build_array(c.id, c.day, c.done, c.note,
                   floor(extract(epoch FROM c.created_at) * 1000)::bigint::text,
                   floor(extract(epoch FROM c.updated_at) * 1000)::bigint::text,
                   CASE WHEN c.done AND c.day >= ${sql.placeholder('reactFrom')}::date
                     THEN ${cheerersOf(sql`c.id`)} END,
                   CASE WHEN c.day >= ${sql.placeholder('reactFrom')}::date
                     THEN ${repliesTo(sql`c.id`)} END) ORDER BY c.day)
          FROM check_ins c
          WHERE c.user_id = ${users.id} AND c.day >= ${sql.placeholder('first')}::date
            AND c.day <= ${sql.placeholder('last')}::date)`,
        nudgedOn: sql<string[] | null>`(
          SELECT json_agg(n.day::text) FROM nudges n
          WHERE n.from_user_id = ${sql.placeholder('viewerId')} AND n.to_user_id = ${users.id}
            AND n.day >= ${sql.placeholder('first')}::date AND n.day <= ${sql.placeholder('last')}::date)`,
      })
      .from(memberships)
      .innerJoin(users, eq(memberships.userId, users.id))
      .innerJoin(teams, eq(memberships.teamId, teams.id))
      .where(activeTeammate(eq(memberships.teamId, sql.placeholder('teamId'))))
      .prepare('team_board'),
  );
  const homeStatement = preparedOn(db, (on) =>
    on
      .select({
        user: users,
        place: {
          id: memberships.id,
          teamId: memberships.teamId,
          skipsCalls: memberships.skipsCalls,
        },
        team: teams.name,
        call: teamCalls,
        mates: sql<
          [number, string, string | null, string | null, string | null, boolean][] | null
        >`(
          SELECT json_agg(json_build_array(mu.id, mu.name, mu.image, mu.about, mu.goal_summary,
                                           mm.skips_calls) ORDER BY mm.id)
          FROM memberships mm JOIN users mu ON mu.id = mm.user_id
          WHERE mm.team_id = ${memberships.teamId} AND mm.status = 'Active'
            AND mu.status <> 'Inactive')`,
        hadPlace: sql<boolean>`EXISTS (
          SELECT 1 FROM memberships e WHERE e.user_id = ${users.id} AND e.status = 'Inactive')`,
        seatLine: sql<[string, string] | null>`(
          SELECT json_build_array(a.action, floor(extract(epoch FROM a.at) * 1000)::bigint::text)
          FROM audit_log a
          WHERE a.action IN ('quiet-member.seat-freed', 'quiet-member.seat-restored')
            AND a.target = 'user:' || ${users.id}
          ORDER BY a.id DESC LIMIT 1)`,
        latest: sql<
          | [
              number,
              JoinRequestStatus,
              string,
              string | null,
              string | null,
              number | null,
              string | null,
            ]
          | null
        >`(
          SELECT json_build_array(j.id, j.status,
                   floor(extract(epoch FROM j.created_at) * 1000)::bigint::text,
                   floor(extract(epoch FROM j.decided_at) * 1000)::bigint::text,
                   j.decline_reason, t.id, t.name)
          FROM join_requests j LEFT JOIN teams t ON t.id = j.team_id
          WHERE j.user_id = ${users.id}
          ORDER BY j.id DESC LIMIT 1)`,
      })
      .from(users)
      .leftJoin(
        memberships,
        and(eq(memberships.userId, users.id), eq(memberships.status, 'Active')),
      )
      .leftJoin(teams, eq(teams.id, memberships.teamId))
      .leftJoin(teamCalls, eq(teamCalls.teamId, memberships.teamId))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('members_home_of'),
  );
  const historyStatement = preparedOn(db, (on) =>
    withHistory(on, activeTeammate(eq(memberships.userId, sql.placeholder('userId')))).prepare(
      'members_history_of',
    ),
  );
  return {
    /**
     * The member's account and the team they are an Active member of, or null when they are on no
     * team (or an operator made the account Inactive).
     */
    async onTeam(userId: number, tx: Db = db) {
      const [row] = await tx
        .select({ user: users, teamId: memberships.teamId, joinedAt: memberships.createdAt })
        .from(memberships)
        .innerJoin(users, eq(memberships.userId, users.id))
        .where(activeTeammate(eq(memberships.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * What the day rules need of `userIds` beside their answers, in one statement (each part by
     * its table's user index): their reminder weekdays (null: no settings), their pauses (first
     * and last day, oldest first), their approved join requests (team and when, in order made,
     * `at` in ms since the epoch) and the last day they said I'm back (null: never).
     */
    async dayFactsOf(userIds: readonly number[], tx: Db = db) {
      if (userIds.length === 0) return [];
      const result = await tx.execute(sql`
        SELECT u.id AS user_id,
          (SELECT r.weekdays FROM reminder_settings r WHERE r.user_id = u.id) AS weekdays,
          (SELECT json_agg(json_build_array(p.first_day, p.last_day) ORDER BY p.first_day)
             FROM pauses p WHERE p.user_id = u.id) AS pauses,
          (SELECT json_agg(json_build_array(j.team_id,
                    floor(extract(epoch FROM j.decided_at) * 1000)::bigint::text) ORDER BY j.id)
             FROM join_requests j WHERE j.user_id = u.id AND j.status = 'approved') AS approvals,
          (SELECT max(q.back_on)::text FROM quiet_spells q
             WHERE q.user_id = u.id AND q.back_on IS NOT NULL) AS back
        FROM unnest(${`{${userIds.join(',')}}`}::int[]) AS u(id)`);
      return rowsOf<{
        user_id: number;
        weekdays: number[] | null;
        pauses: [string, string][] | null;
        approvals: [number | null, string | null][] | null;
        back: string | null;
      }>(result);
    },

    /** The Active members `which` picks, with their accounts and when their membership began. */
    async list(which: MemberFilter, tx: Db = db) {
      return tx
        .select({ user: users, teamId: memberships.teamId, joinedAt: memberships.createdAt })
        .from(memberships)
        .innerJoin(users, eq(memberships.userId, users.id))
        .where(memberCondition(which));
    },

    /**
     * What a member's home shows of their account and place, in one statement: the account, their
     * Active place (as activePlace) with its team's name, that team's Active teammates (as
     * `teammates`: id, name, photo, about, goal, skips calls), its call (null: none), whether they
     * had a place that ended (as hadPlace) and the newest audit line freeing their seat or giving
     * it back (action and ms since the epoch; null: none), and their latest join request with its
     * team (as joinRequests.latestOf: what the home and the standing read of it). Null when there
     * is no such account.
     */
    async homeOf(userId: number, tx: Db = db) {
      const [row] = await homeStatement(tx).execute({ userId });
      if (row === undefined) return null;
      const { place, team, mates, seatLine, latest, ...rest } = row;
      return {
        ...rest,
        latest:
          latest === null
            ? null
            : {
                request: {
                  id: latest[0],
                  status: latest[1],
                  createdAt: new Date(Number(latest[2])),
                  decidedAt: latest[3] === null ? null : new Date(Number(latest[3])),
                  declineReason: latest[4],
                },
                team: latest[5] === null ? null : { id: latest[5], name: latest[6] ?? '' },
              },
        place: place === null || team === null ? null : { ...place, team },
        mates: (mates ?? []).map(([id, name, image, about, goalSummary, skipsCalls]) => ({
          id,
          name,
          image,
          about,
          goalSummary,
          skipsCalls,
        })),
        seatLine:
          seatLine === null ? null : { action: seatLine[0], at: new Date(Number(seatLine[1])) },
      };
    },

    /**
     * The Active members `which` picks (as `list`) with their whole history, in one statement: what
     * dayFactsOf reads of them, their first and latest answered days, and every answer as one
     * text, day by day in order, each day followed by '+' (Yes) or '-' (Not today) and a comma
     * between them (one value to read instead of a row per answer). Each part by its table's user
     * index; the answers once.
     */
    async listWithHistory(which: MemberFilter, tx: Db = db) {
      // One member's (the home's) is prepared; a team's or everyone's is read once a pass.
      if (which !== undefined && 'userId' in which) {
        return historyStatement(tx).execute({ userId: which.userId });
      }
      return withHistory(tx, memberCondition(which));
    },

    /**
     * The Active members who could be quiet: no answer on `answeredFrom` or after (a quiet spell
     * needs that many days without one), and, with `unmailed`, no "we miss you" mail yet for a
     * spell after their latest answer or I'm back. Found through last_answers' index, so a read
     * goes through the members without a recent answer only, never through every member: `limit`
     * of them after `after`, the longest without an answer first (then by account); each with its
     * place in that order (`at`), the next call's `after`.
     */
    async quietCandidates(
      page: {
        after: QuietCursor | null;
        limit: number;
        answeredFrom: string;
        unmailed: boolean;
      },
      tx: Db = db,
    ) {
      const lastDay = sql`coalesce(${lastAnswers.day}, '0001-01-01'::date)`;
      // I'm back ends a spell as an answer does.
      const back = sql`(SELECT max(b.back_on) FROM quiet_spells b WHERE b.user_id = ${lastAnswers.userId})`;
      const rows = await tx
        .select({
          user: users,
          teamId: memberships.teamId,
          joinedAt: memberships.createdAt,
          day: sql<string>`${lastDay}::text`,
        })
        .from(lastAnswers)
        .innerJoin(memberships, eq(memberships.userId, lastAnswers.userId))
        .innerJoin(users, eq(users.id, lastAnswers.userId))
        .where(
          and(
            activeTeammate(sql`${lastDay} < ${page.answeredFrom}::date`),
            page.after === null
              ? undefined
              : sql`(${lastDay}, ${lastAnswers.userId}) > (${page.after.day}::date, ${page.after.userId})`,
            page.unmailed
              ? sql`NOT EXISTS (SELECT 1 FROM quiet_spells q WHERE q.user_id = ${lastAnswers.userId} AND q.first_day > greatest(${lastDay}, coalesce(${back}, '0001-01-01'::date)))`
              : undefined,
          ),
        )
        .orderBy(lastDay, asc(lastAnswers.userId))
        .limit(page.limit);
      return rows.map(({ day, ...row }) => ({
        ...row,
        at: { day, userId: row.user.id } satisfies QuietCursor,
      }));
    },

    /** A team's teammates (accounts), oldest membership first. */
    async teammates(teamId: number, tx: Db = db) {
      return tx
        .select({
          user: users,
          joinedAt: memberships.createdAt,
          skipsCalls: memberships.skipsCalls,
        })
        .from(memberships)
        .innerJoin(users, eq(memberships.userId, users.id))
        .where(activeTeammate(eq(memberships.teamId, teamId)))
        .orderBy(asc(memberships.id));
    },

    /**
     * What a team's board shows of its Active teammates (as `teammates`), in one statement: each
     * one's account and membership with the team's name, when their latest join request to the
     * team was approved (ms since the epoch; null: never), their first answered day (one read of
     * the (user_id, day) index), their pauses (first and last day, oldest first), their check-ins
     * from `first` to `last` (both included) and the days of these `viewerId` nudged them on.
     * The check-ins from `reactFrom` on come with their cheers (a Yes's: the cheerers, oldest
     * first) and replies (oldest first), as the home's reads them; the earlier ones with none read.
     */
    async board(
      teamId: number,
      view: { viewerId: number; first: string; last: string; reactFrom: string },
      tx: Db = db,
    ) {
      const rows = await boardStatement(tx).execute({ teamId, ...view });
      // Oldest membership first, sorted here: ordered in the statement, the planner may read the
      // memberships' whole key in its order rather than sort the team's six (it did at a dozen
      // members, the statement's subqueries making each row look costly).
      rows.sort((a, b) => a.placeId - b.placeId);
      return rows.map(({ approvedMs, pauses, checkIns, nudgedOn, user, placeId: _, ...row }) => ({
        ...row,
        user,
        nudgedOn: nudgedOn ?? [],
        approvedAt: approvedMs === null ? null : new Date(Number(approvedMs)),
        pauses: (pauses ?? []).map(([firstDay, lastDay]) => ({ firstDay, lastDay })),
        checkIns: (checkIns ?? []).map(
          ([id, day, done, note, created, updated, cheered, replies]) => ({
            id,
            userId: user.id,
            day,
            done,
            note,
            createdAt: new Date(Number(created)),
            updatedAt: new Date(Number(updated)),
            cheers: cheerersFrom(cheered),
            replies: repliesFrom(replies),
          }),
        ),
      }));
    },

    /** A team's teammates as the calls list them, oldest membership first. */
    async callAttendees(teamId: number, tx: Db = db) {
      return tx
        .select({ id: users.id, name: users.name, skipsCalls: memberships.skipsCalls })
        .from(memberships)
        .innerJoin(users, eq(memberships.userId, users.id))
        .where(activeTeammate(eq(memberships.teamId, teamId)))
        .orderBy(asc(memberships.id));
    },

    /** The member's Active place on a team, with the team's name, or null. */
    async activePlace(userId: number, tx: Db = db) {
      const [place] = await tx
        .select({
          id: memberships.id,
          teamId: memberships.teamId,
          skipsCalls: memberships.skipsCalls,
          team: teams.name,
        })
        .from(memberships)
        .innerJoin(teams, eq(memberships.teamId, teams.id))
        .where(and(eq(memberships.userId, userId), eq(memberships.status, 'Active')))
        .limit(1);
      return place ?? null;
    },

    /** Every membership the person has had, whatever its status: one per team (unique). */
    async membershipsOf(userId: number, tx: Db = db) {
      return tx
        .select({ id: memberships.id, teamId: memberships.teamId, status: memberships.status })
        .from(memberships)
        .where(eq(memberships.userId, userId));
    },

    /** The team of the member's Active membership (whatever the account's standing), or null. */
    async activeTeamOf(userId: number, tx: Db = db) {
      const [active] = await tx
        .select({ teamId: memberships.teamId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.status, 'Active')))
        .limit(1);
      return active ?? null;
    },

    /** The id of the member's Active membership of `teamId`, or null. */
    async activeMembershipOn(userId: number, teamId: number, tx: Db = db) {
      const [place] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.teamId, teamId),
            eq(memberships.status, 'Active'),
          ),
        );
      return place ?? null;
    },

    /** The name of the member's Active team and the account's own zone (null: none set), or null. */
    async placeAndZone(userId: number, tx: Db = db) {
      const [place] = await tx
        .select({ team: teams.name, zone: users.timeZone })
        .from(memberships)
        .innerJoin(teams, eq(teams.id, memberships.teamId))
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.userId, userId), eq(memberships.status, 'Active')))
        .limit(1);
      return place ?? null;
    },

    /** Whether the person ever had a place on a team that has ended (Inactive). */
    async hadPlace(userId: number, tx: Db = db) {
      const [ended] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.status, 'Inactive')))
        .limit(1);
      return ended !== undefined;
    },

    async setSkipsCalls(membershipId: number, skipsCalls: boolean, tx: Db = db) {
      await tx.update(memberships).set({ skipsCalls }).where(eq(memberships.id, membershipId));
    },
  };
}
