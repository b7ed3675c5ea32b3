import { CONSOLE_API, memberExportFileName, TEAM_LIFE_API } from '@app/contracts';
import { HttpError, routeOf } from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditJoinRequest, recordAction } from '../services/audit.ts';
import { auditPage } from '../services/audit-page.ts';
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
import { joinRequestQueue } from '../services/join-request-queue.ts';
import {
  decideJoinRequest,
  placeJoinRequest,
  undoJoinDecision,
  unplaceJoinRequest,
} from '../services/join-requests.ts';
import { exportMemberData } from '../services/member-export.ts';
import { confirmedAccount } from '../services/members.ts';
import { inviteOperator, operatorList, removeOperator } from '../services/operators.ts';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from '../services/passkeys.ts';
import {
  freeQuietSeat,
  quietMemberPage,
  seatHeir,
  undoFreeQuietSeat,
  writeQuietMember,
} from '../services/quiet-members.ts';
import {
  confirmEnrolment,
  renewRecoveryCodes,
  resetSecondFactor,
  startEnrolment,
} from '../services/second-factor.ts';
import { consoleTeamCall, setTeamCall } from '../services/team-calls.ts';
import { guardedMember, SIGN_IN_REQUIRED } from './member-guard.ts';

const OPERATOR_REQUIRED = () =>
  new HttpError('OPERATOR_REQUIRED', 'Only operators can use the console.');
const SECOND_FACTOR_REQUIRED = () =>
  new HttpError(
    'SECOND_FACTOR_REQUIRED',
    'Enter the code from your authenticator app first (or set the app up).',
  );

/** The signed-in account when it is an operator's (checked on the database, not the session). */
async function operatorAccount(app: FastifyInstance, request: FastifyRequest) {
  const userId = guardedMember(request);
  const user = await app.repos.users.get(userId);
  if (user === null) throw SIGN_IN_REQUIRED();
  if (user.role !== 'operator') throw OPERATOR_REQUIRED();
  return user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A console route an operator uses before passing the second factor (setting the
     * authenticator up): the console's check asks for the operator role only.
     */
    beforeSecondFactor?: boolean;
  }
}

/**
 * The operators' console, guarded by construction: every route registered here passes one
 * `onRequest` check (an operator's session, checked on the database, that has passed the second
 * factor) before its body or query is read, so an unsigned request is 401 whatever it carries.
 * Routes opt out of the second factor, visibly, with `config: { beforeSecondFactor: true }`. Each
 * action writes the audit log in its own transaction.
 */
export async function consoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** The operator each request was checked to be (set by the hook below). */
  const operators = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (request) => {
    const user = await operatorAccount(app, request);
    const beforeSecondFactor = request.routeOptions.config.beforeSecondFactor === true;
    if (!beforeSecondFactor && request.session.secondFactorAt === undefined) {
      throw SECOND_FACTOR_REQUIRED();
    }
    operators.set(request, user.id);
  });

  /** The checked operator's id. */
  function operatorOf(request: FastifyRequest): number {
    const id = operators.get(request);
    if (id === undefined) throw OPERATOR_REQUIRED();
    return id;
  }

  // Setting the authenticator up: an operator signed in with the password, before any factor.
  app.route({
    ...routeOf(CONSOLE_API.startEnrolment),
    config: { beforeSecondFactor: true },
    handler: async (request) => startEnrolment(app, operatorOf(request)),
  });

  app.route({
    ...routeOf(CONSOLE_API.confirmEnrolment),
    config: { beforeSecondFactor: true },
    handler: async (request) => {
      const answer = await confirmEnrolment(app, operatorOf(request), request.body.code);
      request.session.secondFactorAt = app.trackerConfig.now().getTime();
      return answer;
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.renewRecoveryCodes),
    handler: async (request) => {
      const operator = operatorOf(request);
      return app.attempts.passwordAgain(request, operator, () =>
        renewRecoveryCodes(app, operator, request.body.password),
      );
    },
  });

  // The operator's own passkeys: adding one asks for the password again first (a console left
  // open is not enough); adding and removing are audited and mailed.
  app.route({
    ...routeOf(CONSOLE_API.operatorPasskeys),
    handler: async (request) => listPasskeys(app, operatorOf(request)),
  });

  app.route({
    ...routeOf(CONSOLE_API.operatorPasskeyOptions),
    handler: async (request) => {
      const operator = operatorOf(request);
      await app.attempts.passwordAgain(request, operator, () =>
        confirmedAccount(app, operator, request.body.password, 'password'),
      );
      return registrationOptions(app, operator);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.registerOperatorPasskey),
    handler: async (request, reply) => {
      const made = await registerPasskey(app, operatorOf(request), request.body, 'operator');
      return reply.code(201).send(made);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.renameOperatorPasskey),
    handler: async (request) =>
      renamePasskey(app, operatorOf(request), request.params.id, request.body.name),
  });

  app.route({
    ...routeOf(CONSOLE_API.removeOperatorPasskey),
    handler: async (request, reply) => {
      await removePasskey(app, operatorOf(request), request.params.id, 'operator');
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.joinRequestQueue),
    handler: async (request) => {
      return joinRequestQueue(app, request.query, operatorOf(request));
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.approveJoinRequest),
    handler: async (request) => {
      const operator = operatorOf(request);
      const { id } = request.params;
      return decideJoinRequest(
        app,
        id,
        'approved',
        null,
        auditJoinRequest(operator, 'join-request.approved', id),
        { undoable: true },
      );
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.declineJoinRequest),
    handler: async (request) => {
      const operator = operatorOf(request);
      const { id } = request.params;
      return decideJoinRequest(
        app,
        id,
        'declined',
        request.body.message === '' ? null : request.body.message,
        auditJoinRequest(operator, 'join-request.declined', id),
        { undoable: true },
      );
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.undoJoinDecision),
    handler: async (request) => {
      const { id } = request.params;
      return undoJoinDecision(
        app,
        id,
        auditJoinRequest(operatorOf(request), 'join-request.undone', id),
      );
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.placeJoinRequest),
    handler: async (request) => {
      const operator = operatorOf(request);
      const { id } = request.params;
      const placed = await placeJoinRequest(app, id, request.body.teamId, (tx, before, after) =>
        recordAction(
          tx,
          operator,
          before.status === 'unmatched' ? 'join-request.placed' : 'join-request.moved',
          `join-request:${id}`,
          before,
          after,
        ),
      );
      return { id: placed.id, status: placed.status };
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.unplaceJoinRequest),
    handler: async (request) => {
      const { id } = request.params;
      const back = await unplaceJoinRequest(
        app,
        id,
        auditJoinRequest(operatorOf(request), 'join-request.unplaced', id),
      );
      return { id: back.id, status: back.status };
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.consoleTeams),
    handler: async () => {
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
    ...routeOf(CONSOLE_API.consoleTeamCall),
    handler: async (request) => {
      return consoleTeamCall(app, request.params.id);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.setTeamCall),
    handler: async (request) =>
      setTeamCall(app, operatorOf(request), request.params.id, request.body),
  });

  app.route({
    ...routeOf(CONSOLE_API.teamOverview),
    handler: async (request) => {
      return teamPage(app, request.query);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.focusAreas),
    handler: async () => {
      return focusAreaChoices(app);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.createTeam),
    handler: async (request, reply) => {
      const team = await createTeam(app, operatorOf(request), request.body);
      return reply.code(201).send(team);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.setTeamCapacity),
    handler: async (request) =>
      setTeamCapacity(app, operatorOf(request), request.params.id, request.body.capacity),
  });

  app.route({
    ...routeOf(CONSOLE_API.infoCalls),
    handler: async (request) => {
      return infoCallPage(app, request.query);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.infoCallDay),
    handler: async (request, reply) => {
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
    ...routeOf(CONSOLE_API.recordInfoCall),
    handler: async (request) =>
      recordInfoCall(app, operatorOf(request), request.params.id, request.body.outcome),
  });

  app.route({
    ...routeOf(CONSOLE_API.feedback),
    handler: async (request) => {
      return feedbackPage(app, request.query);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.markFeedbackRead),
    handler: async (request) => markFeedbackRead(app, operatorOf(request), request.params.id),
  });

  app.route({
    ...routeOf(CONSOLE_API.operators),
    handler: async (request) => operatorList(app, operatorOf(request)),
  });

  app.route({
    ...routeOf(CONSOLE_API.inviteOperator),
    handler: async (request, reply) => {
      const operator = operatorOf(request);
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
    ...routeOf(CONSOLE_API.removeOperator),
    handler: async (request, reply) => {
      await removeOperator(app, operatorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(TEAM_LIFE_API.quietMembers),
    handler: async (request) => quietMemberPage(app, request.query),
  });

  app.route({
    ...routeOf(TEAM_LIFE_API.writeQuietMember),
    handler: async (request, reply) => {
      const answer = await writeQuietMember(
        app,
        operatorOf(request),
        request.params.id,
        request.body.message,
      );
      return reply.code(201).send(answer);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.resetSecondFactor),
    handler: async (request, reply) => {
      await resetSecondFactor(app, operatorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(TEAM_LIFE_API.seatHeir),
    handler: async (request) => seatHeir(app, request.params.id),
  });

  app.route({
    ...routeOf(TEAM_LIFE_API.freeQuietSeat),
    handler: async (request) => freeQuietSeat(app, operatorOf(request), request.params.id),
  });

  app.route({
    ...routeOf(TEAM_LIFE_API.undoFreeQuietSeat),
    handler: async (request) => undoFreeQuietSeat(app, operatorOf(request), request.params.id),
  });

  app.route({
    ...routeOf(CONSOLE_API.exportMember),
    handler: async (request, reply) => {
      const data = await exportMemberData(app, operatorOf(request), request.params.id);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${memberExportFileName(request.params.id, app.trackerConfig.now())}"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
    },
  });

  app.route({
    ...routeOf(CONSOLE_API.auditLog),
    handler: async (request) => {
      return auditPage(app, request.query);
    },
  });
}
