import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createMailer,
  emlFileTransport,
  type Mailer,
  type MailTransport,
  smtpTransport,
} from '../../mailer.ts';
import { OUTBOX_FILES_SUBDIR } from '../../services/retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Outgoing mail: queued in the outbox by the same transaction as its cause, sent once the
 * instance is ready by SMTP_URL's server, or written as .eml files into the data directory.
 */
export default fp(
  async function mailer(app: FastifyInstance, opts: { transport?: MailTransport | undefined }) {
    const config = app.trackerConfig;
    const mailer = createMailer({
      outbox: app.repos.outbox,
      transport:
        opts.transport ??
        (config.smtpUrl
          ? smtpTransport(config.smtpUrl)
          : emlFileTransport(path.join(config.dataDir, OUTBOX_FILES_SUBDIR))),
      from: config.mailFrom,
      now: config.now,
      retryIntervalMs: config.mailRetryMs,
      log: app.log,
      pass: (run) => app.trackerMetrics.schedule('outbox', config.mailRetryMs, run),
    });
    app.decorate('mailer', mailer);
    app.addHook('onReady', async () => {
      // Mail left unsent by an earlier run goes out now.
      mailer.start();
      mailer.kick();
    });
    // Before the database closes; what is still queued stays in the outbox for the next start.
    app.addHook('preClose', async () => {
      await mailer.stop();
    });
  },
  { name: 'mailer', dependencies: ['tracker-config', 'tracker-metrics', 'repositories'] },
);
