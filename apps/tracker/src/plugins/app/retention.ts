import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loggableError } from '../../errors.ts';
import { type RetentionReport, runRetention } from '../../services/retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs one pass of the retention schedule now (what the timer does). */
    retention: { run(): Promise<RetentionReport> };
  }
}

/**
 * The retention schedule: a pass every RETENTION_CHECK_SECONDS once the instance is ready, never
 * two at once in one instance; what it deleted is logged when it deleted anything.
 */
export default fp(
  async function retention(app: FastifyInstance) {
    let running: Promise<RetentionReport> | null = null;
    let timer: NodeJS.Timeout | null = null;
    const every = app.trackerConfig.retentionCheckMs;
    const run = () => {
      running ??= app.trackerMetrics
        .schedule('retention', every, () => runRetention(app))
        .then((report) => {
          if (Object.values(report).some((n) => n > 0)) app.log.info({ report }, 'retention pass');
          return report;
        })
        .finally(() => {
          running = null;
        });
      return running;
    };
    app.decorate('retention', { run });
    app.addHook('onReady', async () => {
      if (every <= 0) return;
      timer = setInterval(() => {
        run().catch((error: unknown) =>
          app.log.error({ err: String(loggableError(error)) }, 'retention pass failed'),
        );
      }, every);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => null);
    });
  },
  { name: 'retention', dependencies: ['tracker-config', 'tracker-metrics', 'repositories'] },
);
