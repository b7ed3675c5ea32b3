import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadOrCreateVapidKeys, type PushSender, pushSender } from '../../push.ts';
import { PUSH_REMINDER_JOB, sendPushReminder } from '../../services/push.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends push reminders (Web Push, signed with the tracker's VAPID keys). */
    push: PushSender;
  }
}

/**
 * Push reminders: the VAPID keys (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else the pair kept in
 * the data directory) and the outbox job that sends a queued reminder to one device.
 */
export default fp(
  async function push(app: FastifyInstance) {
    const config = app.trackerConfig;
    const keys = config.vapidKeys ?? (await loadOrCreateVapidKeys(config.dataDir));
    app.decorate('push', pushSender(config, keys));
    const log = app.log.child({ name: 'push' });
    app.mailer.handle(PUSH_REMINDER_JOB, (row) => sendPushReminder(app, row, log));
  },
  { name: 'push', dependencies: ['tracker-config', 'repositories', 'mailer'] },
);
