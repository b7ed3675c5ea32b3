import { EnvError, StartupError } from '@app/server-kit';
import { TrackerStartError } from '@app/tracker/thread';
import { loadEnv } from './env.ts';
import { startSite } from './start.ts';

/** Time allowed for in-flight requests to finish once the site stops listening. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  let lost: Error | undefined;
  let onLost = (error: Error) => {
    lost = error;
  };
  const site = await startSite(env, { onTrackerExit: (error) => onLost(error) });
  site.server.log.info(
    { node: process.version },
    `Site ready on ${site.url} (Node ${process.version})`,
  );
  if (!env.TRACKER_API_URL) site.server.log.info(`Tracker sign-in on ${env.TRACKER_PUBLIC_URL}`);

  let stopping = false;
  const stop = async (reason: string, exitCode: number, drainMs: number) => {
    if (stopping) return;
    stopping = true;
    site.server.log.info(
      { reason, drainMs },
      'shutting down: not ready from now on, serving until the drain ends, then finishing in-flight requests',
    );
    const force = setTimeout(() => {
      site.server.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await site.close({ drainMs });
      process.exit(exitCode);
    } catch (error) {
      site.server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Without its tracker the site can only fail requests: it says so loudly and exits non-zero, so
  // whatever supervises it (systemd, a container runtime) starts it again.
  onLost = (error) => {
    site.server.log.fatal({ err: error }, `${error.message}. The site stops; start it again.`);
    void stop('tracker stopped', 1, 0);
  };
  if (lost) onLost(lost);
  // SIGTERM comes from a supervisor during a rolling restart: the balancer is given time to see
  // the readiness check fail. SIGINT is a person at a terminal: no balancer to wait for.
  process.once('SIGTERM', () => void stop('SIGTERM', 0, env.SHUTDOWN_DRAIN_MS));
  process.once('SIGINT', () => void stop('SIGINT', 0, 0));
}

main().catch((error: unknown) => {
  // Configuration, the data directory and its lock: written for people, printed without a stack.
  if (
    error instanceof EnvError ||
    error instanceof StartupError ||
    error instanceof TrackerStartError
  ) {
    console.error(error.message);
  } else {
    console.error('The site could not start:', error);
  }
  process.exit(1);
});
