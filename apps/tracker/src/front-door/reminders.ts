import {
  EmailLinkQuery,
  MAIL_API,
  MEMBER_API,
  TEAM_LIFE_API,
  UNSUBSCRIBE_PAGE,
} from '@app/contracts';
import { routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { digestSettingsOf, setDigest } from '../services/digests.ts';
import {
  mailSettingsOf,
  readUnsubscribeLink,
  setMailKind,
  unsubscribe,
} from '../services/mail-settings.ts';
import { readQuietLink, useQuietLink } from '../services/quiet-members.ts';
import {
  readCheckInLink,
  reminderSettingsOf,
  setReminderSettings,
  useCheckInLink,
} from '../services/reminders.ts';
import { memberRoute } from './member-guard.ts';

/**
 * Reminder and digest settings (the session's member), and the links of a reminder mail, which need no
 * sign-in: the token they carry is the credential. Opening a link changes nothing; the page it
 * opens posts, so a mail scanner that follows links records no answer.
 */
export async function reminderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route(
    memberRoute(MEMBER_API.getReminders, async (_request, member) =>
      reminderSettingsOf(app, member),
    ),
  );

  app.route(
    memberRoute(MEMBER_API.setReminders, async (request, member) =>
      setReminderSettings(app, member, request.body),
    ),
  );

  app.route(
    memberRoute(TEAM_LIFE_API.getDigest, async (_request, member) => digestSettingsOf(app, member)),
  );

  app.route(
    memberRoute(TEAM_LIFE_API.setDigest, async (request, member) =>
      setDigest(app, member, request.body),
    ),
  );

  app.route(
    memberRoute(MAIL_API.getMails, async (_request, member) => mailSettingsOf(app, member)),
  );

  app.route(
    memberRoute(MAIL_API.setMail, async (request, member) =>
      setMailKind(app, member, request.body),
    ),
  );

  app.route({
    ...routeOf(MAIL_API.readUnsubscribe),
    config: { signedOut: true },
    handler: async (request) => readUnsubscribeLink(app, request.query.token),
  });

  app.route({
    ...routeOf(MEMBER_API.readCheckInLink),
    config: { signedOut: true },
    handler: async (request) => readCheckInLink(app, request.query.token),
  });

  app.route({
    ...routeOf(MEMBER_API.useCheckInLink),
    config: { signedOut: true },
    handler: async (request) => useCheckInLink(app, request.body.token),
  });

  app.route({
    ...routeOf(TEAM_LIFE_API.readQuietLink),
    config: { signedOut: true },
    handler: async (request) => readQuietLink(app, request.query.token),
  });

  app.route({
    ...routeOf(TEAM_LIFE_API.useQuietLink),
    config: { signedOut: true },
    handler: async (request) => useQuietLink(app, request.body.token),
  });

  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" as multipart/form-data or
  // application/x-www-form-urlencoded to the List-Unsubscribe URL; its body says nothing else.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, null),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(MAIL_API.unsubscribe),
      config: { fromMailClient: true, signedOut: true },
      handler: async (request) => unsubscribe(app, request.query.token),
    });
    // The links of recaps mailed before every kind had one page; they stop recaps the same way.
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(TEAM_LIFE_API.recapUnsubscribe),
      config: { fromMailClient: true, signedOut: true },
      handler: async (request) => unsubscribe(app, request.query.token),
    });
    // The List-Unsubscribe URL itself: a GET is the web app's page (a button, nothing changes);
    // the mail client's one-click POST stops the mails and is answered in a line of text.
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: UNSUBSCRIBE_PAGE,
      schema: { hide: true, querystring: EmailLinkQuery },
      config: { fromMailClient: true, signedOut: true },
      handler: async (request, reply) => {
        const { message } = await unsubscribe(app, request.query.token);
        return reply
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(`${message}\n`);
      },
    });
  });
}
