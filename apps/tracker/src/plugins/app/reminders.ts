import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loggableError } from '../../errors.ts';
import { runDigests } from '../../services/digests.ts';
import { runQuietMembers } from '../../services/quiet-members.ts';
import { runRecaps } from '../../services/recaps.ts';
import { runReminders } from '../../services/reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs one pass of the member's schedule now (what the timer does): reminders, then the "we
     * miss you" mails, then the weekly recaps. Answers how many reminders were queued.
     */
    reminders: { run(): Promise<number> };
  }
}

/**
 * The member's schedule (check-in reminders, "we miss you" mails, weekly recaps, daily digests):
 * a pass every REMINDER_CHECK_SECONDS once the instance is ready. Passes of one instance never
 * overlap;
 * several trackers share the work through the database (see runReminders, runQuietMembers,
 * runRecaps, runDigests), so each mail goes once however many run.
 */
export default fp(
  async function reminders(app: FastifyInstance) {
    let running: Promise<number> | null = null;
    let timer: NodeJS.Timeout | null = null;
    const every = app.trackerConfig.reminderCheckMs;
    const run = () => {
      const { schedule } = app.trackerMetrics;
      running ??= (async () => {
        const reminded = await schedule('reminders', every, () => runReminders(app));
        await schedule('quiet-members', every, () => runQuietMembers(app));
        await schedule('recaps', every, () => runRecaps(app));
        await schedule('digests', every, () => runDigests(app));
        return reminded;
      })().finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('reminders', { run });
    app.addHook('onReady', async () => {
      if (every <= 0) return;
      timer = setInterval(() => {
        run().catch((error: unknown) =>
          app.log.error({ err: String(loggableError(error)) }, 'reminder pass failed'),
        );
      }, every);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    });
  },
  {
    name: 'reminders',
    dependencies: ['tracker-config', 'tracker-metrics', 'database', 'repositories', 'mailer'],
  },
);
