import { createHash } from 'node:crypto';
import { CHECK_IN_API, MEMBER_API, MEMBER_SESSION_ABSOLUTE_HOURS } from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkInStatus,
  nudgeTeammate,
  recordCheckIn,
  setTimeZone,
  teamBoard,
} from '../services/check-ins.ts';
import { cheer, replyToCheckIn, uncheer } from '../services/cheers.ts';
import { memberReads } from '../services/member-days.ts';
import { memberHome } from '../services/members.ts';
import { endPause, startPause } from '../services/pauses.ts';
import { memberRoute } from './member-guard.ts';
import { sessionKey } from './session-store.ts';

/**
 * What the browser ties its offline copy of the home to: a name for this session that cannot be
 * turned back into its cookie (a hash of the stored key, itself a hash), and the latest it ends.
 */
function sessionTag(sessionId: string, signedInAt: number | undefined) {
  const tag = createHash('sha256')
    .update(`tag:${sessionKey(sessionId)}`)
    .digest('base64url');
  const endsAt = new Date((signedInAt ?? 0) + MEMBER_SESSION_ABSOLUTE_HOURS * 3_600_000);
  return { tag: tag.slice(0, 22), endsAt: endsAt.toISOString() };
}

/**
 * The daily check-in, the member's time zone and pauses, the team board, nudges, cheers and
 * replies. Each acts as the session's member; the board, nudges, cheers and replies answer 404 to
 * anyone who is not on that team.
 */
export async function checkInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route(
    memberRoute(CHECK_IN_API.setTimeZone, async (request, member) =>
      setTimeZone(app, member, request.body.timeZone),
    ),
  );

  // The home and its check-in card read side by side; off a team (or just taken off one) the
  // card is null, as GET /api/me/check-ins's 404 says.
  app.route(
    memberRoute(MEMBER_API.getHomeWithCheckIns, async (request, userId) => {
      // What both read of the member (their days, their latest request) is read once.
      const reads = memberReads(app, userId, app.trackerConfig.now());
      const [home, checkIns] = await Promise.all([
        memberHome(app, userId, reads),
        checkInStatus(app, userId, reads).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 404) return null;
          throw error;
        }),
      ]);
      return {
        ...home,
        checkIns: home.team ? checkIns : null,
        session: sessionTag(request.session.sessionId, request.session.signedInAt),
      };
    }),
  );

  app.route(
    memberRoute(CHECK_IN_API.checkInStatus, async (_request, member) => checkInStatus(app, member)),
  );

  app.route(
    memberRoute(CHECK_IN_API.checkIn, async (request, member) =>
      recordCheckIn(app, member, request.body),
    ),
  );

  app.route(
    memberRoute(CHECK_IN_API.teamBoard, async (request, member) =>
      teamBoard(app, member, request.params.teamId),
    ),
  );

  app.route(
    memberRoute(CHECK_IN_API.nudge, async (request, member, reply) => {
      const { teamId, userId } = request.params;
      return reply.code(201).send(await nudgeTeammate(app, member, teamId, userId));
    }),
  );

  app.route(
    memberRoute(CHECK_IN_API.pause, async (request, member) =>
      startPause(app, member, request.body.weeks),
    ),
  );

  app.route(memberRoute(CHECK_IN_API.endPause, async (_request, member) => endPause(app, member)));

  app.route(
    memberRoute(CHECK_IN_API.cheer, async (request, member) => {
      const { teamId, userId, day } = request.params;
      await app.attempts.cheer(member, `${userId}|${day}`);
      return cheer(app, member, teamId, userId, day);
    }),
  );

  app.route(
    memberRoute(CHECK_IN_API.uncheer, async (request, member) => {
      const { teamId, userId, day } = request.params;
      await app.attempts.cheer(member, `${userId}|${day}`);
      return uncheer(app, member, teamId, userId, day);
    }),
  );

  app.route(
    memberRoute(CHECK_IN_API.reply, async (request, member, reply) => {
      const { teamId, userId, day } = request.params;
      await app.attempts.reply(member, `${userId}|${day}`);
      const saved = await replyToCheckIn(app, member, teamId, userId, day, request.body.text);
      return reply.code(201).send(saved);
    }),
  );
}
