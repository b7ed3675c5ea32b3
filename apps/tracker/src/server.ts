/** Runs the tracker on its own: `pnpm --filter @app/tracker start`. */
import path from 'node:path';
import { DEFAULT_TRACKER_PORT } from '@app/contracts';
import { API_KEY_FILE } from './api-key.ts';
import { VAPID_KEYS_FILE } from './push.ts';
import { type RunningTracker, startTracker } from './tracker.ts';

let tracker: RunningTracker;
try {
  tracker = await startTracker({
    defaultPort: DEFAULT_TRACKER_PORT,
    frontDoor: true,
    logger: true,
  });
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
const { apiKey, dataDir, vapidKeys } = tracker.app.trackerConfig;
log.info(
  apiKey ? 'API key: from TRACKER_API_KEY' : `API key: kept in ${path.join(dataDir, API_KEY_FILE)}`,
);
log.info(
  vapidKeys
    ? 'push reminders: VAPID keys from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'
    : `push reminders: VAPID keys kept in ${path.join(dataDir, VAPID_KEYS_FILE)}`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    // SIGTERM comes from a supervisor during a rolling restart: readiness turns 503 and the
    // tracker keeps serving until the balancer has seen it. SIGINT is a person at a terminal.
    const drainMs = signal === 'SIGTERM' ? tracker.app.trackerConfig.drainMs : 0;
    log.info({ drainMs }, `${signal}: not ready from now on; closing after the drain`);
    tracker.drain();
    setTimeout(() => {
      tracker.close().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'close failed');
          process.exit(1);
        },
      );
    }, drainMs);
  });
}
