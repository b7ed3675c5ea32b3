import { UPLOADS_PATH } from '@app/contracts';
import { errorHandler, health, noRoute, openApi, rejectNul } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TrackerConfig } from './config.ts';
import { loggableError } from './errors.ts';
import type { MailTransport } from './mailer.ts';
import apiKey from './plugins/app/api-key.ts';
import trackerConfig from './plugins/app/config.ts';
import database from './plugins/app/database.ts';
import firstOperator from './plugins/app/first-operator.ts';
import mailer from './plugins/app/mailer.ts';
import metrics from './plugins/app/metrics.ts';
import push from './plugins/app/push.ts';
import reminders from './plugins/app/reminders.ts';
import repositories from './plugins/app/repositories.ts';
import retention from './plugins/app/retention.ts';
import signups from './plugins/app/signups.ts';
import storage from './plugins/app/storage.ts';
import { holdRoutes } from './routes/holds.ts';
import { joinRequestRoutes } from './routes/join-requests.ts';
import { readRoutes } from './routes/read.ts';
import { submissionRoutes } from './routes/submissions.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { userRoutes } from './routes/users.ts';
import { issuePasswordReset, RESET_REQUEST_JOB } from './services/members.ts';
import type { PhotoStorage } from './storage.ts';

/** How long a readiness check waits for the database to answer. */
const DATABASE_CHECK_MS = 2000;

/** Readiness of the API and of the front door: the database answers. */
export const databaseCheck = (app: FastifyInstance) => async () =>
  (await app.database.ping(DATABASE_CHECK_MS)) ? null : ('database-unreachable' as const);

export interface TrackerAppOptions {
  config: TrackerConfig;
  mailTransport?: MailTransport | undefined;
  storage?: PhotoStorage | undefined;
}

/**
 * The tracker API as a Fastify plugin. Plugins load in tiers: configuration and third-party
 * setup, then our decorators (database, repositories, storage, mailer, push, sign-up queue, API
 * key), then routes.
 * Each decorator names what it depends on, so a wrong order fails at boot.
 */
async function tracker(app: FastifyInstance, opts: TrackerAppOptions) {
  await app.register(trackerConfig, { config: opts.config });
  // First, so that every answer is counted, whichever hook gives it.
  await app.register(metrics);
  await app.register(errorHandler, { loggable: loggableError });
  await app.register(openApi, {
    title: 'Tracker API',
    description:
      'Teams, users, memberships, join requests, bookings, feedback and photos. Every route ' +
      `but /health, /health/live, /health/ready, ${UPLOADS_PATH}/* and this document needs the ` +
      'x-api-key header.',
    path: '/openapi.json',
    routeConfig: { public: true },
  });

  await app.register(database);
  await app.register(health, { check: databaseCheck(app), routeConfig: { public: true } });
  await app.register(repositories);
  await app.register(storage, { storage: opts.storage });
  await app.register(mailer, { transport: opts.mailTransport });
  await app.register(push);
  await app.register(signups);
  await app.register(reminders);
  await app.register(retention);
  await app.register(apiKey);
  await app.register(firstOperator);
  // Reset requests are queued whatever the address; the job mails a link when it has an account.
  app.mailer.handle(RESET_REQUEST_JOB, async (row) => {
    await issuePasswordReset(app, row.toAddress);
  });
  app.addHook('preValidation', async (request) => rejectNul(request.body));

  await app.register(readRoutes);
  await app.register(userRoutes);
  await app.register(submissionRoutes);
  await app.register(joinRequestRoutes);
  await app.register(holdRoutes);
  await app.register(uploadRoutes);
  app.setNotFoundHandler(async (request) => {
    throw noRoute(request.method, request.url);
  });
}

/** Not encapsulated: its error handler and API-key check cover the whole instance. */
export const trackerApp = fp(tracker, { name: 'tracker' });
