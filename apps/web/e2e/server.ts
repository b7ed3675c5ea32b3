import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_ENTRY, SERVER_DIR as serverDir, siteNodeArgs } from '@app/server/start-command';
import {
  addOperator,
  buildTracker,
  createTestDatabase,
  type QuietSeat,
  seedQuietMember,
} from '@app/tracker';

/**
 * The real site server the browser tests drive: built, on a free loopback port, with its embedded
 * tracker on a data directory of its own.
 */

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const trackerWebDist = fileURLToPath(new URL('../../tracker-web/dist', import.meta.url));
const START_TIMEOUT_MS = 120_000;

/** A free loopback port, as the operating system hands one out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the site server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the site server did not start within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** The operator account every test data directory starts with. */
export const SUITE_OPERATOR = { email: 'olive.operator@example.com', name: 'Olive Operator' };

/** A second operator, for the test of the Quiet members page (each enrols once per data directory). */
export const QUIET_DESK_OPERATOR = {
  email: 'quentin.operator@example.com',
  name: 'Quentin Operator',
};

/**
 * A member quiet since long before the suite started (the tracker runs on the real clock, so no
 * member the suite signs up can be quiet for ten check-in days), alone on a team of one seat, and
 * someone waiting for a team of its area and role, who gets that seat when an operator frees it,
 * before someone who has waited longer for another area.
 */
export const QUIET_SEAT = {
  team: 'Night Owls',
  member: { name: 'Quincy Quiet', email: 'quincy.quiet@example.com', password: 'night-owl-1903' },
  waiting: { name: 'Wanda Waiting', email: 'wanda.waiting@example.com' },
  other: { name: 'Oscar Other', email: 'oscar.other@example.com' },
} as const satisfies QuietSeat;

/**
 * A member quiet for weeks who can sign in, alone on a team of one seat: the schedule mails them
 * "we miss you" once the site runs, and they answer "I'm back".
 */
export const BACK_SEAT = {
  team: 'Morning Larks',
  member: { name: 'Bea Back', email: 'bea.back@example.com', password: 'morning-lark-1877' },
} as const satisfies QuietSeat;

/** The operator who approves the requests of people back on the way to a team. */
export const WAY_BACK_OPERATOR = { email: 'wes.operator@example.com', name: 'Wes Operator' };

/**
 * For the data export's test: a quiet member who can sign in (so the console's Quiet members page
 * offers their export), alone on a team of one seat, and the operator who exports them.
 */
export const EXPORT_SEAT = {
  seat: {
    team: 'Data Phones',
    member: {
      name: 'Dana Download',
      email: 'dana.download@example.com',
      password: 'phone-data-2026',
    },
  },
  operator: { email: 'edna.operator@example.com', name: 'Edna Operator' },
} as const satisfies { seat: QuietSeat; operator: { email: string; name: string } };

/**
 * For the operators' passkeys test, one per window width: each registers a passkey, signs in with
 * it and removes it.
 */
export const PASSKEY_OPERATORS = {
  360: { email: 'opal.passkey@example.com', name: 'Opal Passkey' },
  1280: { email: 'otto.passkey@example.com', name: 'Otto Passkey' },
} as const satisfies Record<number, { email: string; name: string }>;

/** Seats added to every seeded team that has any, for the suite's own sign-ups and holds. */
const SUITE_SEATS = 200;

/**
 * A seeded data directory whose teams have room for the whole suite. The tests sign up many
 * visitors to the same teams (Deep Work Crew above all); in the product a team fills after a few
 * sign-ups and the next visitor is matched elsewhere, which would change the team a later test
 * meets. A team that is full in the seed stays full.
 */
async function roomyDataDir(): Promise<string> {
  const { dataDir } = await createTestDatabase({ databaseUrl: '' });
  const tracker = await buildTracker({ dataDir, env: {} });
  try {
    const { repos } = tracker;
    // The suite's operator; the link to set its password is mailed once the site runs.
    await addOperator(tracker, SUITE_OPERATOR.email, SUITE_OPERATOR.name);
    await addOperator(tracker, QUIET_DESK_OPERATOR.email, QUIET_DESK_OPERATOR.name);
    await addOperator(tracker, WAY_BACK_OPERATOR.email, WAY_BACK_OPERATOR.name);
    await seedQuietMember(tracker, QUIET_SEAT);
    await seedQuietMember(tracker, BACK_SEAT);
    for (const operator of Object.values(PASSKEY_OPERATORS)) {
      await addOperator(tracker, operator.email, operator.name);
    }
    await addOperator(tracker, EXPORT_SEAT.operator.email, EXPORT_SEAT.operator.name);
    await seedQuietMember(tracker, EXPORT_SEAT.seat);
    for (const team of await repos.teams.list(tracker.trackerConfig.now())) {
      const row = await repos.teams.findRow(team.id);
      if (row && team.openSeats > 0) {
        await repos.teams.setCapacity(team.id, row.capacity + SUITE_SEATS);
      }
    }
  } finally {
    await tracker.close();
  }
  return dataDir;
}

/**
 * Starts the real site server (the built `apps/server/dist/server.js`, with its embedded tracker
 * on a fresh data directory copied from the tracker's PGlite template) serving this app's dist/,
 * on a free loopback port. `env` adds to the server's configuration (for example its rate limits).
 * Each Playwright worker starts one (`fixtures.ts`), so workers share no data.
 */
export async function startTestSite(
  env: Record<string, string> = {},
  /**
   * The host name of the tracker's public URL: `localhost` for a test of passkeys, which a browser
   * refuses to bind to an IP address (the RP ID is the URL's host name).
   */
  trackerHost = '127.0.0.1',
): Promise<RunningTestSite> {
  for (const [file, build] of [
    [join(dist, 'index.html'), '@app/web'],
    [SITE_ENTRY, '@app/server'],
    [join(trackerWebDist, 'index.html'), '@app/tracker-web'],
  ] as const) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run \`pnpm --filter ${build} build\` first`);
  }
  const dataDir = await roomyDataDir();
  const port = await freePort();
  const trackerPort = await freePort();
  const publicPort = await freePort();
  const trackerUrl = `http://${trackerHost}:${publicPort}`;
  const child = spawn(process.execPath, siteNodeArgs(), {
    cwd: serverDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRACKER_DATA_DIR: dataDir,
      TRACKER_PORT: String(trackerPort),
      TRACKER_PUBLIC_URL: trackerUrl,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      // No load balancer in front: stopping need not wait for one to notice.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Signal the whole process group this test started (the server and its tracker thread).
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    trackerUrl,
    trackerApiUrl: `http://127.0.0.1:${trackerPort}`,
    dataDir,
    close: stop,
  };
}

/** The site under test, its tracker's front door and API, and the tracker's data directory. */
export interface RunningTestSite {
  url: string;
  /** The tracker's front door (its own origin). */
  trackerUrl: string;
  /** The tracker's API (needs the key kept in `dataDir`). */
  trackerApiUrl: string;
  dataDir: string;
  close: () => Promise<void>;
}
