import { MEMBER_API, MEMBER_EXPORT_API, memberExportFileName, PASSKEY_API } from '@app/contracts';
import { HttpError, registerProfileMultipart, routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adoptTimeZone } from '../services/check-ins.ts';
import { exportOwnData } from '../services/member-export.ts';
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
import {
  authenticationOptions,
  listPasskeys,
  PASSKEY_CHALLENGE_MS,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  verifyPasskey,
} from '../services/passkeys.ts';
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
import { memberRoute, SIGN_IN_REQUIRED } from './member-guard.ts';
import { sessionKey } from './session-store.ts';

/** The answer's `passwordChange` while the session must set a new password first. */
const passwordChangeOf = (session: { passwordChangeRequired?: true }) =>
  session.passwordChangeRequired === true ? { passwordChange: 'required' as const } : {};

/** The cookie that ties a passkey sign-in's challenge to the browser it was given to. */
export function passkeyCookieName(secure: boolean): string {
  return secure ? '__Host-tracker_passkey' : 'tracker_passkey';
}

const OPERATOR_PASSKEYS_IN_CONSOLE = () =>
  new HttpError(
    'OPERATOR_PASSKEYS_IN_CONSOLE',
    'Operators add and remove their passkeys on the console’s Operators page.',
  );

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
    config: { signedOut: true },
    handler: async (request) => {
      const email = request.body.email.trim().toLowerCase();
      // Only a wrong password or address stays counted; a member's own success counts against
      // neither limit.
      const { member, weakPassword } = await app.attempts.signIn(request, email, () =>
        checkCredentials(app, request.body),
      );
      await adoptTimeZone(app, member.id, request.body.timeZone);
      // A new session id at every sign-in: an id planted before it signs nobody in.
      await request.session.regenerate();
      request.session.userId = member.id;
      request.session.role = member.role;
      request.session.signedInAt = config.now().getTime();
      if (weakPassword) request.session.passwordChangeRequired = true;
      const secondFactor = await secondFactorState(app, member, false);
      return { member, secondFactor, ...passwordChangeOf(request.session) };
    },
  });

  app.route(
    memberRoute(MEMBER_API.secondFactor, async (request, userId) => {
      const user = await app.repos.users.get(userId);
      if (user === null) throw SIGN_IN_REQUIRED();
      await app.attempts.code(request, userId, () =>
        verifySecondFactor(app, userId, request.body.code),
      );
      request.session.secondFactorAt = config.now().getTime();
      const member = { id: user.id, name: user.name, role: user.role };
      return { member, secondFactor: 'passed' as const };
    }),
  );

  const secure = new URL(config.publicUrl).protocol === 'https:';
  const passkeyCookie = passkeyCookieName(secure);

  // A passkey sign-in: the challenge is kept on the database (used once, for a few minutes) and
  // tied to this browser by a cookie that lives as long.
  app.route({
    ...routeOf(PASSKEY_API.passkeySignInOptions),
    config: { signedOut: true },
    handler: async (request, reply) => {
      await app.attempts.passkeyChallenge(request);
      const { options, challenge } = await authenticationOptions(app, null);
      void reply.setCookie(passkeyCookie, challenge, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: PASSKEY_CHALLENGE_MS / 1000,
      });
      return { options };
    },
  });

  app.route({
    ...routeOf(PASSKEY_API.passkeySignIn),
    config: { signedOut: true },
    handler: async (request, reply) => {
      const expected = { challenge: request.cookies[passkeyCookie] };
      void reply.clearCookie(passkeyCookie, { path: '/' });
      const userId = await app.attempts.passkey(request, () =>
        verifyPasskey(app, request.body.credential, null, expected),
      );
      const user = await app.repos.users.get(userId);
      if (user === null) throw SIGN_IN_REQUIRED();
      // A new session id at every sign-in, as with the password.
      await request.session.regenerate();
      const now = config.now().getTime();
      request.session.userId = user.id;
      request.session.role = user.role;
      request.session.signedInAt = now;
      // A passkey is a password and a second factor in one (user verification required).
      if (user.role === 'operator') request.session.secondFactorAt = now;
      const member = { id: user.id, name: user.name, role: user.role };
      const secondFactor = await secondFactorState(app, member, true);
      return { member, secondFactor };
    },
  });

  app.route(
    memberRoute(PASSKEY_API.passkeySecondFactorOptions, async (_request, userId) => {
      const { options } = await authenticationOptions(app, userId);
      return { options };
    }),
  );

  app.route(
    memberRoute(PASSKEY_API.passkeySecondFactor, async (request, userId) => {
      const user = await app.repos.users.get(userId);
      if (user === null) throw SIGN_IN_REQUIRED();
      await app.attempts.code(request, userId, () =>
        verifyPasskey(app, request.body.credential, userId),
      );
      request.session.secondFactorAt = config.now().getTime();
      const member = { id: user.id, name: user.name, role: user.role };
      return { member, secondFactor: 'passed' as const };
    }),
  );

  /** The signed-in member's id, once checked not to be an operator's (the console has theirs). */
  async function memberOnly(userId: number) {
    const user = await app.repos.users.get(userId);
    if (user === null) throw SIGN_IN_REQUIRED();
    if (user.role === 'operator') throw OPERATOR_PASSKEYS_IN_CONSOLE();
    return user.id;
  }

  app.route(
    memberRoute(PASSKEY_API.passkeys, async (_request, userId) =>
      listPasskeys(app, await memberOnly(userId)),
    ),
  );

  app.route(
    memberRoute(PASSKEY_API.passkeyRegistrationOptions, async (_request, userId) =>
      registrationOptions(app, await memberOnly(userId)),
    ),
  );

  app.route(
    memberRoute(PASSKEY_API.registerPasskey, async (request, userId, reply) => {
      const made = await registerPasskey(app, await memberOnly(userId), request.body, 'member');
      return reply.code(201).send(made);
    }),
  );

  app.route(
    memberRoute(PASSKEY_API.renamePasskey, async (request, userId) =>
      renamePasskey(app, await memberOnly(userId), request.params.id, request.body.name),
    ),
  );

  app.route(
    memberRoute(PASSKEY_API.removePasskey, async (request, userId, reply) => {
      await removePasskey(app, await memberOnly(userId), request.params.id, 'member');
      return reply.code(204).send();
    }),
  );

  app.route({
    ...memberRoute(MEMBER_API.getSession, async (request, userId) => {
      const user = await app.repos.users.get(userId);
      if (user === null) throw SIGN_IN_REQUIRED();
      const member = { id: user.id, name: user.name, role: user.role };
      const passed = request.session.secondFactorAt !== undefined;
      const secondFactor = await secondFactorState(app, member, passed);
      return { member, secondFactor, ...passwordChangeOf(request.session) };
    }),
    config: { beforePasswordChange: true },
  });

  app.route({
    ...routeOf(MEMBER_API.signOut),
    config: { signedOut: true },
    handler: async (request, reply) => {
      await request.session.destroy();
      return reply.code(204).send();
    },
  });

  app.route({
    ...memberRoute(MEMBER_API.signOutEverywhere, async (request, userId, reply) => {
      await app.repos.memberSessions.deleteForUser(userId);
      await request.session.destroy();
      return reply.code(204).send();
    }),
    config: { beforePasswordChange: true },
  });

  app.route(memberRoute(MEMBER_API.getHome, async (_request, member) => memberHome(app, member)));

  app.route(
    memberRoute(MEMBER_API.updateProfile, async (request, member) =>
      editProfile(app, member, request.body),
    ),
  );

  // The confirm step's rules: one photo of at most 5 MB, an image by its first bytes, the one it
  // replaces removed.
  app.route(
    memberRoute(MEMBER_API.updatePhoto, async (request, member) =>
      updateProfile(app, member, request),
    ),
  );

  // Also the way out of a session signed in with a weak password: the new one passes the same
  // rule as any change, and every other session ends as after any change.
  app.route({
    ...memberRoute(MEMBER_API.changePassword, async (request, userId, reply) => {
      await app.attempts.passwordAgain(request, userId, () =>
        changePassword(app, userId, request.body, sessionKey(request.session.sessionId)),
      );
      delete request.session.passwordChangeRequired;
      return reply.code(204).send();
    }),
    config: { beforePasswordChange: true },
  });

  app.route(
    memberRoute(MEMBER_API.leaveTeam, async (_request, member, reply) => {
      await leaveTeam(app, member);
      return reply.code(204).send();
    }),
  );

  app.route(
    memberRoute(MEMBER_API.getTeamSearch, async (_request, member) => teamSearchState(app, member)),
  );

  app.route(
    memberRoute(MEMBER_API.searchTeam, async (request, member, reply) =>
      reply.code(201).send(await searchTeam(app, member, request.body)),
    ),
  );

  app.route(
    memberRoute(MEMBER_API.takeHandOver, async (request, member) =>
      takeHandOver(app, member, request.body),
    ),
  );

  app.route(
    memberRoute(MEMBER_API.extendHeldSeat, async (request, member) =>
      extendHeldSeat(app, member, request.params.id),
    ),
  );

  app.route(
    memberRoute(MEMBER_API.releaseHeldSeat, async (request, member, reply) => {
      await releaseHeldSeat(app, member, request.params.id);
      return reply.code(204).send();
    }),
  );

  app.route(
    memberRoute(MEMBER_API.sendJoinRequest, async (request, member, reply) =>
      reply.code(201).send(await sendMemberJoinRequest(app, member, request.body.holdId)),
    ),
  );

  app.route(
    memberRoute(MEMBER_API.setCallAttendance, async (request, member) =>
      setCallAttendance(app, member, request.body.coming),
    ),
  );

  app.route(
    memberRoute(MEMBER_API.callCalendar, async (_request, member, reply) => {
      const file = await callCalendar(app, member);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="team-calls.ics"')
        .header('cache-control', 'no-store')
        .send(file);
    }),
  );

  app.route(
    memberRoute(MEMBER_EXPORT_API.exportData, async (_request, member, reply) => {
      const data = await exportOwnData(app, member);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${memberExportFileName(member, config.now())}"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
    }),
  );

  app.route(
    memberRoute(MEMBER_API.deleteAccount, async (request, userId, reply) => {
      await app.attempts.passwordAgain(request, userId, () =>
        deleteAccount(app, userId, request.body.password),
      );
      await request.session.destroy();
      return reply.code(204).send();
    }),
  );

  app.route(
    memberRoute(MEMBER_API.resendConfirmation, async (_request, member, reply) => {
      const user = await app.repos.users.get(member);
      if (user === null) throw SIGN_IN_REQUIRED();
      // The same limits as the site's "Resend confirmation email" (one a minute, five a day).
      const { answer } = await resendConfirmation(app, user.email);
      return reply.code(202).send(answer);
    }),
  );

  // The same answer whether or not the address has an account (see requestPasswordReset).
  app.route({
    ...routeOf(MEMBER_API.requestPasswordReset),
    config: { signedOut: true },
    handler: async (request, reply) => {
      await app.attempts.resetRequest(request, request.body.email);
      await requestPasswordReset(app, request.body.email);
      return reply.code(202).send({ message: RESET_ANSWER });
    },
  });

  app.route({
    ...routeOf(MEMBER_API.checkPasswordReset),
    config: { signedOut: true },
    handler: async (request) => ({ state: await passwordResetState(app, request.body.token) }),
  });

  app.route({
    ...routeOf(MEMBER_API.completePasswordReset),
    config: { signedOut: true },
    handler: async (request, reply) => {
      await completePasswordReset(app, request.body.token, request.body.password);
      return reply.code(204).send();
    },
  });
}
