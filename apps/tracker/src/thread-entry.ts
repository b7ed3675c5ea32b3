/** Runs in the tracker's own thread (see thread.ts): starts the tracker, closes it when told. */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { EnvError, StartupError } from '@app/server-kit';
import type { SiteMessage, TrackerThreadData, TrackerThreadMessage } from './thread.ts';
import { startTracker } from './tracker.ts';

const port = parentPort;
if (!port) throw new Error('thread-entry.ts runs as a worker thread of the site');
const data = workerData as TrackerThreadData;
const send = (message: TrackerThreadMessage) => port.postMessage(message);

/**
 * On a machine whose cores are all busy, the site's own thread (pages, static files) goes first:
 * this thread's scheduling priority is lowered (Linux: a thread's id is its own `pid` for
 * setpriority, read from /proc/thread-self). Elsewhere the thread keeps the normal priority.
 */
function yieldToTheSite(niceness: number) {
  if (process.platform !== 'linux' || niceness === 0) return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, niceness);
  } catch {
    // Not allowed or not available: the normal priority is kept.
  }
}
yieldToTheSite(data.niceness);

try {
  const tracker = await startTracker({
    dataDir: data.dataDir,
    databaseUrl: data.databaseUrl,
    host: data.host,
    port: data.port,
    siteUrl: data.siteUrl,
    publicUrl: data.publicUrl,
    ...(data.publicPort === null ? {} : { publicPort: data.publicPort }),
    ...(data.apiKey ? { apiKey: data.apiKey } : {}),
    logger: { level: data.logger.level as 'info', name: data.logger.name },
    metrics: data.metrics ?? null,
  });
  port.on('message', (message: SiteMessage) => {
    if (message.type === 'drain') tracker.drain();
    if (message.type !== 'close') return;
    tracker.close().then(
      () => {
        send({ type: 'closed' });
        port.close();
      },
      (error: unknown) => {
        tracker.app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  });
  send({ type: 'ready', url: tracker.url, apiKey: tracker.apiKey, metricsUrl: tracker.metricsUrl });
} catch (error) {
  const failure = error instanceof Error ? error : new Error(String(error));
  send({
    type: 'failed',
    name: failure.name,
    message: failure.message,
    stack: failure.stack,
    forPeople: failure instanceof StartupError || failure instanceof EnvError,
  });
  port.close();
}
