/**
 * The tracker on a thread of its own (node:worker_threads), for a site that embeds it: the
 * tracker's database work (PGlite runs its queries on the thread that opened it), JSON and logging
 * then never hold up the site's own requests. The site talks to it over HTTP on a loopback port, as
 * it would to a remote tracker. This module is the site's side; `thread-entry.ts` runs in the thread.
 */
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';

/** What the thread is started with: plain data only (it crosses to another thread). */
export interface TrackerThreadData {
  dataDir: string;
  databaseUrl?: string | undefined;
  apiKey?: string | undefined;
  host: string;
  port: number;
  siteUrl: string;
  /** The front door's origin, and its port (null: no front door). */
  publicUrl: string;
  publicPort: number | null;
  logger: { level: string; name: string };
  /** How much lower than the site's the thread's CPU priority is (Linux nice, 0-19; 0: same). */
  niceness: number;
  /**
   * Where the tracker serves its own GET /metrics (null or unset: nowhere; never METRICS_PORT,
   * which is the site's).
   */
  metrics?: { host: string; port: number } | null;
}

/** Thread to site. */
export type TrackerThreadMessage =
  | { type: 'ready'; url: string; apiKey: string; metricsUrl: string | null }
  | {
      type: 'failed';
      name: string;
      message: string;
      stack?: string | undefined;
      forPeople: boolean;
    }
  | { type: 'closed' };

/** Site to thread. */
export type SiteMessage = { type: 'drain' } | { type: 'close' };

/** A start-up failure whose message tells a person what to do (printed without a stack). */
export class TrackerStartError extends Error {
  override name = 'TrackerStartError';
}

export interface TrackerThreadOptions extends TrackerThreadData {
  /**
   * The thread's module. Default: `thread-entry.ts` beside this file, run from source through tsx
   * (`thread-source.mjs`); the site's production build passes its bundled copy.
   */
  entry?: URL;
  /** Called once when the tracker stops without being asked to (a crash): the site cannot go on. */
  onUnexpectedExit?: (error: Error) => void;
  /** How long close() waits for the thread to finish before stopping it by force. */
  closeTimeoutMs?: number;
}

export interface TrackerThread {
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  apiKey: string;
  /** Where the tracker serves its metrics, if it does. */
  metricsUrl: string | null;
  /** Turns the tracker's readiness (API and front door) to 503; it goes on serving until close(). */
  drain(): void;
  /** Asks the tracker to finish and close its database; resolves when the thread has ended. */
  close(): Promise<void>;
  /** The thread itself (tests stop it by force to see a crash reported). */
  worker: Worker;
}

/**
 * The most the thread's young generation (V8's new space, where new objects live until they
 * survive two collections) may take, in MiB. V8 sizes its default from the machine's memory (192
 * MiB on a machine with 16 GiB or more); the thread's grew to 128 MiB while PGlite started (its
 * 9 MiB of WebAssembly and 6 MiB file bundle pass through it) and kept it for the life of the
 * process, about 100 MiB resident. 24 MiB is two semi-spaces of 8 MiB: the thread's requests
 * leave little alive, and the bench's sign-ups and reads measured the same as with 48 MiB,
 * 14 MiB more resident (decision 36).
 */
export const TRACKER_YOUNG_GENERATION_MB = 24;

/**
 * A semi-space limit on Node's command line (`--max-semi-space-size`, which the site's start
 * script sets for its own thread) is a process-wide V8 flag, and V8 lets it win over a thread's
 * `resourceLimits`: the thread would get the site's young generation, not its own. V8 reads the
 * flag when it makes a heap, so unsetting it (0) before the thread starts leaves the site's heap
 * as started and gives the thread the limit asked for (decision 47).
 */
function letResourceLimitsDecideTheYoungGeneration(): void {
  setFlagsFromString('--max-semi-space-size=0');
}

export function startTrackerThread(opts: TrackerThreadOptions): Promise<TrackerThread> {
  const { entry = new URL('./thread-source.mjs', import.meta.url), onUnexpectedExit } = opts;
  const closeTimeoutMs = opts.closeTimeoutMs ?? 8_000;
  const data: TrackerThreadData = {
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    apiKey: opts.apiKey,
    host: opts.host,
    port: opts.port,
    siteUrl: opts.siteUrl,
    publicUrl: opts.publicUrl,
    publicPort: opts.publicPort,
    logger: opts.logger,
    niceness: opts.niceness,
    metrics: opts.metrics ?? null,
  };
  letResourceLimitsDecideTheYoungGeneration();
  const worker = new Worker(entry, {
    workerData: data,
    name: 'tracker',
    resourceLimits: { maxYoungGenerationSizeMb: TRACKER_YOUNG_GENERATION_MB },
  });
  let state: 'starting' | 'running' | 'closing' | 'ended' = 'starting';
  let lastError: Error | undefined;
  const ended = new Promise<number>((resolve) => worker.once('exit', resolve));

  return new Promise<TrackerThread>((resolve, reject) => {
    worker.on('error', (error) => {
      lastError = error;
    });
    worker.on('message', (message: TrackerThreadMessage) => {
      if (message.type === 'failed' && state === 'starting') {
        state = 'ended';
        const error = message.forPeople
          ? new TrackerStartError(message.message)
          : Object.assign(new Error(message.message), {
              name: message.name,
              stack: message.stack,
            });
        // The thread has released what it held; it ends by itself.
        void ended.then(() => reject(error));
        return;
      }
      if (message.type !== 'ready' || state !== 'starting') return;
      state = 'running';
      resolve({
        url: message.url,
        apiKey: message.apiKey,
        metricsUrl: message.metricsUrl,
        worker,
        drain: () => {
          if (state === 'running') worker.postMessage({ type: 'drain' } satisfies SiteMessage);
        },
        close: async () => {
          if (state === 'ended') return;
          state = 'closing';
          worker.postMessage({ type: 'close' } satisfies SiteMessage);
          const timer = setTimeout(() => void worker.terminate(), closeTimeoutMs);
          try {
            await ended;
          } finally {
            clearTimeout(timer);
            state = 'ended';
          }
        },
      });
    });
    worker.once('exit', (code) => {
      const was = state;
      state = 'ended';
      if (was === 'starting') {
        reject(
          lastError ??
            new Error(`The embedded tracker stopped while starting (thread exit code ${code}).`),
        );
      } else if (was === 'running') {
        const reason = lastError ? `: ${lastError.message}` : '';
        const error = new Error(
          `The embedded tracker stopped unexpectedly (thread exit code ${code})${reason}`,
        );
        if (lastError) error.cause = lastError;
        onUnexpectedExit?.(error);
      }
    });
  });
}
