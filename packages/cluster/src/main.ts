/**
 * `pnpm cluster`: the product behind HAProxy, two of everything, on this machine, until Ctrl-C,
 * SIGTERM or SIGHUP, with or without a terminal. Settings: CLUSTER_PORT_BASE (8000), CLUSTER_DIR,
 * CLUSTER_ADMIN_DATABASE_URL, CLUSTER_REDIS_URL, and SHUTDOWN_DRAIN_MS for every instance.
 */
import { Cluster } from './cluster.ts';

const basePort = Number(process.env.CLUSTER_PORT_BASE ?? 8000);
const say = (line: string) => console.log(line);

// Under a supervisor the output goes to pipes, which may be closed as soon as the signal is sent:
// a line that cannot be written must not end this process before it has stopped what it started
// and dropped the database.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

// Ctrl-C during start-up stops what has started once the start returns.
let stopping = false;
let cluster: Cluster | undefined;
async function stop(): Promise<void> {
  say('stopping...');
  try {
    await cluster?.stop();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (cluster) void stop();
  });
}

cluster = await Cluster.start({
  basePort,
  ...(process.env.CLUSTER_DIR ? { dir: process.env.CLUSTER_DIR } : {}),
  ...(process.env.CLUSTER_ADMIN_DATABASE_URL
    ? { adminDatabaseUrl: process.env.CLUSTER_ADMIN_DATABASE_URL }
    : {}),
  ...(process.env.CLUSTER_REDIS_URL ? { redisUrl: process.env.CLUSTER_REDIS_URL } : {}),
  env: {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...(process.env.SHUTDOWN_DRAIN_MS ? { SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS } : {}),
  },
  say,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

say(`
The site:        ${cluster.siteUrl}
The front door:  ${cluster.frontDoorUrl}
HAProxy's stats: ${cluster.statsUrl}
Prometheus:      ${cluster.prometheusUrl} (alerts: ${cluster.prometheusUrl}/alerts)
Tracker API:     ${cluster.trackerApiUrl} (for the sites, with the API key ${cluster.apiKey})
Database:        ${cluster.databaseName} (dropped when the cluster stops)
Logs:            ${cluster.dir}/logs
Ctrl-C (or SIGTERM) stops everything.`);

if (stopping) await stop();
