/**
 * The soak (not part of CI): kill -9 rounds on both stores and the sign-up burst, printing what
 * was acknowledged against what is found afterwards. Asserts nothing; exits 1 if an acknowledged
 * sign-up is missing or a sign-up the browser was told failed exists.
 *
 *   pnpm soak        (SOAK_ROUNDS=3, SOAK_SECONDS=8; PostgreSQL from SOAK_DATABASE_URL or
 *                     TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, skipped when
 *                     unreachable; ports SOAK_PORT=3203 and BURST_PORT=3201)
 */
import { buildTracker, createTestDatabase } from '@app/tracker';
import { measureBurst, p99Ratios } from './burst.ts';
import { signupRequest, startSiteProcess } from './site-process.ts';

const rounds = Number(process.env.SOAK_ROUNDS ?? 3);
const seconds = Number(process.env.SOAK_SECONDS ?? 8);
const port = Number(process.env.SOAK_PORT ?? 3203);
const pgUrl =
  process.env.SOAK_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

interface Attempt {
  email: string;
  init: RequestInit;
  /** 201, another status, or null when no answer came (the process was killed). */
  status: number | null;
}

async function killRounds(store: string, database: { dataDir: string; databaseUrl?: string }) {
  const attempts: Attempt[] = [];
  for (let round = 0; round < rounds; round++) {
    const site = await startSiteProcess({ port, ...database });
    let running = true;
    const loops = Array.from({ length: 6 }, async () => {
      while (running) {
        const { email, init } = signupRequest(site.url);
        const attempt: Attempt = { email, init, status: null };
        attempts.push(attempt);
        const response = await fetch(`${site.url}/api/users`, init).catch(() => null);
        attempt.status = response?.status ?? null;
        await response?.arrayBuffer().catch(() => undefined);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    await site.kill();
    running = false;
    await Promise.all(loops);
  }

  // After the last kill: a restart, and what the browsers that got no answer do (the same request
  // with the same idempotency key).
  const site = await startSiteProcess({ port, ...database });
  const unanswered = attempts.filter((a) => a.status === null);
  let retriedOk = 0;
  for (const attempt of unanswered) {
    const response = await fetch(`${site.url}/api/users`, attempt.init);
    await response.arrayBuffer();
    if (response.status === 201) retriedOk += 1;
  }
  await site.stop();

  const tracker = await buildTracker({
    ...database,
    env: { TRACKER_LOCK_STALE_SECONDS: '3' },
  });
  let ackFound = 0;
  let refusedButFound = 0;
  const acknowledged = attempts.filter((a) => a.status === 201);
  const refused = attempts.filter((a) => a.status !== null && a.status !== 201);
  try {
    for (const a of acknowledged) if (await tracker.repos.users.findByEmail(a.email)) ackFound++;
    for (const a of refused) if (await tracker.repos.users.findByEmail(a.email)) refusedButFound++;
  } finally {
    await tracker.close();
  }
  return {
    store,
    'kill -9 rounds': rounds,
    acknowledged: acknowledged.length,
    'acknowledged found': ackFound,
    'told failed': refused.length,
    'told failed but found': refusedButFound,
    'no answer (killed)': unanswered.length,
    'no answer, retried with key: 201': retriedOk,
  };
}

async function pgReachable(): Promise<boolean> {
  try {
    const db = await createTestDatabase({ databaseUrl: pgUrl });
    await db.cleanup();
    return true;
  } catch {
    return false;
  }
}

const rows = [];
const stores: [string, string | undefined][] = [['PGlite', undefined]];
if (await pgReachable()) stores.push(['PostgreSQL', pgUrl]);
for (const [store, url] of stores) {
  const database = await createTestDatabase(url ? { databaseUrl: url } : {});
  try {
    rows.push(
      await killRounds(store, {
        dataDir: database.dataDir,
        ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      }),
    );
  } finally {
    await database.cleanup();
  }
}
console.log('kill -9 during sign-ups, then a restart:');
console.table(rows);

for (const [store, url] of stores) {
  const database = url ? await createTestDatabase({ databaseUrl: url }) : null;
  try {
    const { rows: burst, signups } = await measureBurst(database?.databaseUrl);
    console.log(`\nsign-up burst on ${store}:`);
    console.table(burst);
    console.log(
      `sign-ups during the load: ${signups.created} created (${signups.perSecond}/s), ` +
        `${signups.busy} answered 503 busy, ${signups.failed} other`,
    );
    console.log(`p99 during sign-ups vs idle: ${p99Ratios(burst)}`);
  } finally {
    await database?.cleanup();
  }
}

const bad = rows.some(
  (r) => r['acknowledged found'] !== r.acknowledged || r['told failed but found'] > 0,
);
process.exit(bad ? 1 : 0);
