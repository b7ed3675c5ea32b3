/** Runs the tracker on its own: `pnpm --filter @app/tracker start`. */
import path from 'node:path';
import { API_KEY_FILE } from './api-key.ts';
import { type RunningTracker, startTracker } from './tracker.ts';

let tracker: RunningTracker;
try {
  tracker = await startTracker({ defaultPort: 4000, frontDoor: true, logger: true });
} catch (error) {
  // Configuration and lock errors are written for people: print them without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const log = tracker.app.log;
if (tracker.frontDoorUrl) {
  log.info(
    `front door: ${tracker.app.trackerConfig.publicUrl} (listening on ${tracker.frontDoorUrl})`,
  );
}
const { apiKey, dataDir } = tracker.app.trackerConfig;
log.info(
  apiKey ? 'API key: from TRACKER_API_KEY' : `API key: kept in ${path.join(dataDir, API_KEY_FILE)}`,
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
