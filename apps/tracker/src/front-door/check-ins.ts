import { CHECK_IN_API, MEMBER_API } from '@app/contracts';
import { HttpError, routeOf } from '@app/server-kit';
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
import { memberHome } from '../services/members.ts';
import { endPause, startPause } from '../services/pauses.ts';
import { memberOf } from './routes.ts';

/**
 * The daily check-in, the member's time zone and pauses, the team board, nudges, cheers and
 * replies. Each acts as the session's member; the board, nudges, cheers and replies answer 404 to
 * anyone who is not on that team.
 */
export async function checkInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(CHECK_IN_API.setTimeZone),
    handler: async (request) => setTimeZone(app, memberOf(request), request.body.timeZone),
  });

  // The home and its check-in card read side by side; off a team (or just taken off one) the
  // card is null, as GET /api/me/check-ins's 404 says.
  app.route({
    ...routeOf(MEMBER_API.getHomeWithCheckIns),
    handler: async (request) => {
      const userId = memberOf(request);
      const [home, checkIns] = await Promise.all([
        memberHome(app, userId),
        checkInStatus(app, userId).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 404) return null;
          throw error;
        }),
      ]);
      return { ...home, checkIns: home.team ? checkIns : null };
    },
  });

  app.route({
    ...routeOf(CHECK_IN_API.checkInStatus),
    handler: async (request) => checkInStatus(app, memberOf(request)),
  });

  app.route({
    ...routeOf(CHECK_IN_API.checkIn),
    handler: async (request) => recordCheckIn(app, memberOf(request), request.body),
  });

  app.route({
    ...routeOf(CHECK_IN_API.teamBoard),
    handler: async (request) => teamBoard(app, memberOf(request), request.params.teamId),
  });

  app.route({
    ...routeOf(CHECK_IN_API.nudge),
    handler: async (request, reply) => {
      const { teamId, userId } = request.params;
      return reply.code(201).send(await nudgeTeammate(app, memberOf(request), teamId, userId));
    },
  });

  app.route({
    ...routeOf(CHECK_IN_API.pause),
    handler: async (request) => startPause(app, memberOf(request), request.body.weeks),
  });

  app.route({
    ...routeOf(CHECK_IN_API.endPause),
    handler: async (request) => endPause(app, memberOf(request)),
  });

  app.route({
    ...routeOf(CHECK_IN_API.cheer),
    handler: async (request) => {
      const { teamId, userId, day } = request.params;
      await app.attempts.cheer(memberOf(request), `${userId}|${day}`);
      return cheer(app, memberOf(request), teamId, userId, day);
    },
  });

  app.route({
    ...routeOf(CHECK_IN_API.uncheer),
    handler: async (request) => {
      const { teamId, userId, day } = request.params;
      await app.attempts.cheer(memberOf(request), `${userId}|${day}`);
      return uncheer(app, memberOf(request), teamId, userId, day);
    },
  });

  app.route({
    ...routeOf(CHECK_IN_API.reply),
    handler: async (request, reply) => {
      const { teamId, userId, day } = request.params;
      await app.attempts.reply(memberOf(request), `${userId}|${day}`);
      const saved = await replyToCheckIn(
        app,
        memberOf(request),
        teamId,
        userId,
        day,
        request.body.text,
      );
      return reply.code(201).send(saved);
    },
  });
}
