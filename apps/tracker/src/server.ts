/** Runs the tracker on its own: `pnpm --filter @app/tracker start`. */
import path from 'node:path';
import { API_KEY_FILE } from './api-key.ts';
import { parseEnv } from './config.ts';
import { type RunningTracker, startTracker } from './tracker.ts';

let tracker: RunningTracker;
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
  tracker = await startTracker({ port: env.TRACKER_PORT, logger: { level: env.LOG_LEVEL } });
} catch (error) {
  // Configuration and lock errors are written for people: print them without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const log = tracker.app.log;
log.info(
  env.TRACKER_API_KEY
    ? 'API key: from TRACKER_API_KEY'
    : `API key: kept in ${path.join(path.resolve(env.TRACKER_DATA_DIR), API_KEY_FILE)}`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: closing`);
    tracker.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  });
}
