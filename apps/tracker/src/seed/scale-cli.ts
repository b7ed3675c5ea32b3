/**
 * Fills a tracker's database with the scale data set (seed/scale.ts):
 *
 *   pnpm --filter @app/tracker seed:scale --members 10000 --days 365
 *
 * On the database the tracker's settings name: DATABASE_URL (PostgreSQL), else TRACKER_DATA_DIR's
 * PGlite, which must not be open in a running tracker. Migrates and seeds it first when it is new.
 */
import { parseArgs } from 'node:util';
import { resolveConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedScale } from './scale.ts';

const USAGE = 'usage: pnpm --filter @app/tracker seed:scale --members N --days D';

function wholeNumber(value: string | undefined, name: string): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 1) {
    console.error(`${name} must be a whole number of at least 1\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

let values: { members?: string; days?: string };
try {
  ({ values } = parseArgs({
    options: { members: { type: 'string' }, days: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(2);
}
const members = wholeNumber(values.members, '--members');
const days = wholeNumber(values.days, '--days');

const config = resolveConfig({});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = performance.now();
  const counts = await seedScale(database.db, { members, days, now: new Date() });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${counts.members} members on ${counts.teams} teams with ${days} days: ` +
      `${counts.checkIns} check-ins, ${counts.cheers} cheers, ${counts.replies} replies, ` +
      `${counts.pauses} pauses, in ${seconds} s (${database.kind}).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
