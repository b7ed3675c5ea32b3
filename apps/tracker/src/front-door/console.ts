import { MEMBER_API } from '@app/contracts';
import { HttpError, routeOf } from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedbackPage,
  infoCallDayFile,
  infoCallPage,
  markFeedbackRead,
  recordInfoCall,
} from '../services/console-lists.ts';
import {
  createTeam,
  focusAreaChoices,
  setTeamCapacity,
  teamPage,
} from '../services/console-teams.ts';
import { decideJoinRequest, placeJoinRequest } from '../services/join-requests.ts';
import {
  auditJoinRequest,
  auditPage,
  confirmEnrolment,
  inviteOperator,
  joinRequestQueue,
  operatorList,
  removeOperator,
  startEnrolment,
} from '../services/operators.ts';
import { consoleTeamCall, setTeamCall } from '../services/team-calls.ts';
import { memberOf } from './routes.ts';

const OPERATOR_REQUIRED = () =>
  new HttpError('OPERATOR_REQUIRED', 'Only operators can use the console.');
const SECOND_FACTOR_REQUIRED = () =>
  new HttpError(
    'SECOND_FACTOR_REQUIRED',
    'Enter the code from your authenticator app first (or set the app up).',
  );

/** The signed-in account when it is an operator's (checked on the database, not the session). */
async function operatorAccount(app: FastifyInstance, request: FastifyRequest) {
  const userId = memberOf(request);
  const user = await app.repos.users.get(userId);
  if (user === null) throw new HttpError('SIGN_IN_REQUIRED', 'Sign in to continue.');
  if (user.role !== 'operator') throw OPERATOR_REQUIRED();
  return user;
}

/**
 * The operators' console: every route checks on the server that the session is an operator's and
 * has passed the second factor in this session; each action writes the audit log in its own
 * transaction.
 */
export async function consoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  async function operatorOf(request: FastifyRequest): Promise<number> {
    const user = await operatorAccount(app, request);
    if (request.session.secondFactorAt === undefined) throw SECOND_FACTOR_REQUIRED();
    return user.id;
  }

  // Setting the authenticator up: an operator signed in with the password, before any factor.
  app.route({
    ...routeOf(MEMBER_API.startEnrolment),
    handler: async (request) => startEnrolment(app, (await operatorAccount(app, request)).id),
  });

  app.route({
    ...routeOf(MEMBER_API.confirmEnrolment),
    handler: async (request) => {
      const user = await operatorAccount(app, request);
      const answer = await confirmEnrolment(app, user.id, request.body.code);
      request.session.secondFactorAt = app.trackerConfig.now().getTime();
      return answer;
    },
  });

  app.route({
    ...routeOf(MEMBER_API.joinRequestQueue),
    handler: async (request) => {
      await operatorOf(request);
      return joinRequestQueue(app, request.query);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.approveJoinRequest),
    handler: async (request) => {
      const operator = await operatorOf(request);
      const { id } = request.params;
      return decideJoinRequest(
        app,
        id,
        'approved',
        null,
        auditJoinRequest(operator, 'join-request.approved', id),
      );
    },
  });

  app.route({
    ...routeOf(MEMBER_API.declineJoinRequest),
    handler: async (request) => {
      const operator = await operatorOf(request);
      const { id } = request.params;
      return decideJoinRequest(
        app,
        id,
        'declined',
        request.body.message === '' ? null : request.body.message,
        auditJoinRequest(operator, 'join-request.declined', id),
      );
    },
  });

  app.route({
    ...routeOf(MEMBER_API.placeJoinRequest),
    handler: async (request) => {
      const operator = await operatorOf(request);
      const { id } = request.params;
      const placed = await placeJoinRequest(
        app,
        id,
        request.body.teamId,
        auditJoinRequest(operator, 'join-request.placed', id),
      );
      return { id: placed.id, status: placed.status };
    },
  });

  app.route({
    ...routeOf(MEMBER_API.consoleTeams),
    handler: async (request) => {
      await operatorOf(request);
      const teams = await app.repos.teams.list(app.trackerConfig.now());
      return {
        teams: teams.map((team) => ({
          id: team.id,
          name: team.name,
          openSeats: team.openSeats ?? 0,
        })),
      };
    },
  });

  app.route({
    ...routeOf(MEMBER_API.consoleTeamCall),
    handler: async (request) => {
      await operatorOf(request);
      return consoleTeamCall(app, request.params.id);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.setTeamCall),
    handler: async (request) =>
      setTeamCall(app, await operatorOf(request), request.params.id, request.body),
  });

  app.route({
    ...routeOf(MEMBER_API.teamOverview),
    handler: async (request) => {
      await operatorOf(request);
      return teamPage(app, request.query);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.focusAreas),
    handler: async (request) => {
      await operatorOf(request);
      return focusAreaChoices(app);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.createTeam),
    handler: async (request, reply) => {
      const team = await createTeam(app, await operatorOf(request), request.body);
      return reply.code(201).send(team);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.setTeamCapacity),
    handler: async (request) =>
      setTeamCapacity(app, await operatorOf(request), request.params.id, request.body.capacity),
  });

  app.route({
    ...routeOf(MEMBER_API.infoCalls),
    handler: async (request) => {
      await operatorOf(request);
      return infoCallPage(app, request.query);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.infoCallDay),
    handler: async (request, reply) => {
      await operatorOf(request);
      const { date } = request.query;
      const file = await infoCallDayFile(app, date);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="info-calls-${date}.ics"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.recordInfoCall),
    handler: async (request) =>
      recordInfoCall(app, await operatorOf(request), request.params.id, request.body.outcome),
  });

  app.route({
    ...routeOf(MEMBER_API.feedback),
    handler: async (request) => {
      await operatorOf(request);
      return feedbackPage(app, request.query);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.markFeedbackRead),
    handler: async (request) => markFeedbackRead(app, await operatorOf(request), request.params.id),
  });

  app.route({
    ...routeOf(MEMBER_API.operators),
    handler: async (request) => operatorList(app, await operatorOf(request)),
  });

  app.route({
    ...routeOf(MEMBER_API.inviteOperator),
    handler: async (request, reply) => {
      const operator = await operatorOf(request);
      const made = await inviteOperator(app, operator, request.body);
      return reply.code(201).send({
        id: made.id,
        name: made.name,
        email: made.email,
        authenticator: false,
        you: false,
      });
    },
  });

  app.route({
    ...routeOf(MEMBER_API.removeOperator),
    handler: async (request, reply) => {
      await removeOperator(app, await operatorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(MEMBER_API.auditLog),
    handler: async (request) => {
      await operatorOf(request);
      return auditPage(app, request.query);
    },
  });
}
