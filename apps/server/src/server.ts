import { EnvError } from '@app/server-kit';
import { loadEnv } from './env.ts';
import { startSite } from './start.ts';

/** Time allowed for in-flight requests to finish on shutdown before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  const site = await startSite(env);
  site.server.log.info(`Site ready on ${site.url}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    site.server.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      site.server.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await site.close();
      process.exit(0);
    } catch (error) {
      site.server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('The site could not start:', error);
  }
  process.exit(1);
});
