/**
 * Throughput of the tracker on embedded PGlite and on PostgreSQL: GET /teams requests per second
 * and users created per second (POST /users, with the production password hashing).
 *
 *   pnpm --filter @app/tracker bench
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
 * (skipped when unreachable). BENCH_STORES=pglite (or postgres) measures one store. BENCH_SECONDS
 * sets each run's length (default 10; autocannon runs at least a second, and the rates are of the
 * time it ran). The load generator shares the machine's cores with the server: compare rows of one
 * run, not runs.
 */
import autocannon from 'autocannon';
import { createTestDatabase } from '../src/testing.ts';
import { startTracker } from '../src/tracker.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
if (!(seconds > 0)) {
  console.error(
    `BENCH_SECONDS: expected a number of seconds above 0, got ${process.env.BENCH_SECONDS}`,
  );
  process.exit(1);
}
const stores = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',').map((s) => s.trim());
if (stores.some((store) => store !== 'pglite' && store !== 'postgres')) {
  console.error(
    `BENCH_STORES: expected pglite, postgres or both (comma-separated), got ${process.env.BENCH_STORES}`,
  );
  process.exit(1);
}
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  store: string;
  scenario: string;
  'req/s': number;
  p50_ms: number;
  p99_ms: number;
  non2xx: number;
}

let n = 0;
async function measure(store: string, databaseUrl: string | null): Promise<Row[]> {
  const db = await createTestDatabase({ databaseUrl });
  const tracker = await startTracker({
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    env: {},
    logger: false,
  });
  const headers = { 'x-api-key': tracker.apiKey, 'content-type': 'application/json' };
  try {
    const rows: Row[] = [];
    const teams = await autocannon({
      url: `${tracker.url}/teams`,
      connections: 10,
      duration: seconds,
      headers,
    });
    rows.push(row(store, 'GET /teams', teams));
    const users = await autocannon({
      url: tracker.url,
      connections: 4,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/users',
          headers,
          // Every request a new email, or all but the first would be 409s.
          setupRequest: (req) => {
            n += 1;
            return {
              ...req,
              body: JSON.stringify({
                email: `bench-${process.pid}-${n}@example.org`,
                password: 'benchmark passphrase',
                name: 'Bench User',
                goalSummary: 'Measure things',
                teamId: 1,
              }),
            };
          },
        },
      ],
    });
    rows.push(row(store, 'POST /users, argon2id m=19 MiB t=2 (users created/s)', users));
    return rows;
  } finally {
    await tracker.close();
    await db.cleanup();
  }
}

function row(store: string, scenario: string, r: Awaited<ReturnType<typeof autocannon>>): Row {
  return {
    store,
    scenario,
    'req/s': Math.round((r['2xx'] / Math.max(r.duration, 0.001)) * 10) / 10,
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    non2xx: r.non2xx,
  };
}

// PGlite whatever TEST_DATABASE_URL says (null: no server).
const rows: Row[] = stores.includes('pglite') ? await measure('PGlite', null) : [];
if (stores.includes('postgres')) {
  try {
    rows.push(...(await measure('PostgreSQL', pgUrl)));
  } catch (error) {
    console.error(
      `PostgreSQL skipped (${pgUrl}): ${error instanceof Error ? error.message : error}`,
    );
  }
}
console.log(
  `${seconds} s asked per run (autocannon runs at least a second); req/s counts 2xx answers only, over the time each run took`,
);
console.table(rows);
