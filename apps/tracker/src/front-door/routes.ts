import { MEMBER_API } from '@app/contracts';
import { HttpError, registerProfileMultipart, routeOf } from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adoptTimeZone } from '../services/check-ins.ts';
import {
  changePassword,
  checkCredentials,
  completePasswordReset,
  deleteAccount,
  editProfile,
  leaveTeam,
  memberHome,
  passwordResetState,
  RESET_ANSWER,
  requestPasswordReset,
} from '../services/members.ts';
import { updateProfile } from '../services/profile.ts';
import { secondFactorState, verifySecondFactor } from '../services/second-factor.ts';
import { callCalendar, setCallAttendance } from '../services/team-calls.ts';
import {
  extendHeldSeat,
  releaseHeldSeat,
  searchTeam,
  sendMemberJoinRequest,
  takeHandOver,
  teamSearchState,
} from '../services/team-search.ts';
import { resendConfirmation } from '../services/users.ts';
import { sessionKey } from './session-store.ts';

const SIGN_IN_REQUIRED = () => new HttpError('SIGN_IN_REQUIRED', 'Sign in to continue.');

/** The signed-in member's id, or 401. */
export function memberOf(request: FastifyRequest): number {
  const userId = request.session.userId;
  if (userId === undefined) throw SIGN_IN_REQUIRED();
  return userId;
}

/**
 * Sign-in, the session, and what a member reads and changes of their own. Every route acts on the
 * session's own account: no route takes another member's id.
 */
export async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerProfileMultipart(app);
  const config = app.trackerConfig;
  app.route({
    ...routeOf(MEMBER_API.signIn),
    handler: async (request) => {
      const email = request.body.email.trim().toLowerCase();
      // Only a wrong password or address stays counted; a member's own success counts against
      // neither limit.
      const member = await app.attempts.signIn(request, email, () =>
        checkCredentials(app, request.body),
      );
      await adoptTimeZone(app, member.id, request.body.timeZone);
      // A new session id at every sign-in: an id planted before it signs nobody in.
      await request.session.regenerate();
      request.session.userId = member.id;
      request.session.role = member.role;
      request.session.signedInAt = config.now().getTime();
      return { member, secondFactor: await secondFactorState(app, member, false) };
    },
  });

  app.route({
    ...routeOf(MEMBER_API.secondFactor),
    handler: async (request) => {
      const userId = memberOf(request);
      const user = await app.repos.users.get(userId);
      if (user === null) throw SIGN_IN_REQUIRED();
      await app.attempts.code(request, userId, () =>
        verifySecondFactor(app, userId, request.body.code),
      );
      request.session.secondFactorAt = config.now().getTime();
      const member = { id: user.id, name: user.name, role: user.role };
      return { member, secondFactor: 'passed' as const };
    },
  });

  app.route({
    ...routeOf(MEMBER_API.getSession),
    handler: async (request) => {
      const userId = memberOf(request);
      const user = await app.repos.users.get(userId);
      if (user === null) throw SIGN_IN_REQUIRED();
      const member = { id: user.id, name: user.name, role: user.role };
      const passed = request.session.secondFactorAt !== undefined;
      return { member, secondFactor: await secondFactorState(app, member, passed) };
    },
  });

  app.route({
    ...routeOf(MEMBER_API.signOut),
    handler: async (request, reply) => {
      await request.session.destroy();
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(MEMBER_API.signOutEverywhere),
    handler: async (request, reply) => {
      const userId = memberOf(request);
      await app.repos.memberSessions.deleteForUser(userId);
      await request.session.destroy();
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(MEMBER_API.getHome),
    handler: async (request) => memberHome(app, memberOf(request)),
  });

  app.route({
    ...routeOf(MEMBER_API.updateProfile),
    handler: async (request) => editProfile(app, memberOf(request), request.body),
  });

  // The confirm step's rules: one photo of at most 5 MB, an image by its first bytes, the one it
  // replaces removed.
  app.route({
    ...routeOf(MEMBER_API.updatePhoto),
    handler: async (request) => updateProfile(app, memberOf(request), request),
  });

  app.route({
    ...routeOf(MEMBER_API.changePassword),
    handler: async (request, reply) => {
      const userId = memberOf(request);
      await app.attempts.passwordAgain(request, userId, () =>
        changePassword(app, userId, request.body, sessionKey(request.session.sessionId)),
      );
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(MEMBER_API.leaveTeam),
    handler: async (request, reply) => {
      await leaveTeam(app, memberOf(request));
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(MEMBER_API.getTeamSearch),
    handler: async (request) => teamSearchState(app, memberOf(request)),
  });

  app.route({
    ...routeOf(MEMBER_API.searchTeam),
    handler: async (request, reply) =>
      reply.code(201).send(await searchTeam(app, memberOf(request), request.body)),
  });

  app.route({
    ...routeOf(MEMBER_API.takeHandOver),
    handler: async (request) => takeHandOver(app, memberOf(request), request.body),
  });

  app.route({
    ...routeOf(MEMBER_API.extendHeldSeat),
    handler: async (request) => extendHeldSeat(app, memberOf(request), request.params.id),
  });

  app.route({
    ...routeOf(MEMBER_API.releaseHeldSeat),
    handler: async (request, reply) => {
      await releaseHeldSeat(app, memberOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(MEMBER_API.sendJoinRequest),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await sendMemberJoinRequest(app, memberOf(request), request.body.holdId)),
  });

  app.route({
    ...routeOf(MEMBER_API.setCallAttendance),
    handler: async (request) => setCallAttendance(app, memberOf(request), request.body.coming),
  });

  app.route({
    ...routeOf(MEMBER_API.callCalendar),
    handler: async (request, reply) => {
      const file = await callCalendar(app, memberOf(request));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="team-calls.ics"')
        .header('cache-control', 'no-store')
        .send(file);
    },
  });

  app.route({
    ...routeOf(MEMBER_API.deleteAccount),
    handler: async (request, reply) => {
      const userId = memberOf(request);
      await app.attempts.passwordAgain(request, userId, () =>
        deleteAccount(app, userId, request.body.password),
      );
      await request.session.destroy();
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(MEMBER_API.resendConfirmation),
    handler: async (request, reply) => {
      const user = await app.repos.users.get(memberOf(request));
      if (user === null) throw SIGN_IN_REQUIRED();
      // The same limits as the site's "Resend confirmation email" (one a minute, five a day).
      const { answer } = await resendConfirmation(app, user.email);
      return reply.code(202).send(answer);
    },
  });

  // The same answer whether or not the address has an account (see requestPasswordReset).
  app.route({
    ...routeOf(MEMBER_API.requestPasswordReset),
    handler: async (request, reply) => {
      await app.attempts.resetRequest(request, request.body.email);
      await requestPasswordReset(app, request.body.email);
      return reply.code(202).send({ message: RESET_ANSWER });
    },
  });

  app.route({
    ...routeOf(MEMBER_API.checkPasswordReset),
    handler: async (request) => ({ state: await passwordResetState(app, request.body.token) }),
  });

  app.route({
    ...routeOf(MEMBER_API.completePasswordReset),
    handler: async (request, reply) => {
      await completePasswordReset(app, request.body.token, request.body.password);
      return reply.code(204).send();
    },
  });
}
