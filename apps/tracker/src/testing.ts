import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BUILTIN_FOCUS_AREA_IDS, BUILTIN_ROLE_IDS } from '@app/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, PGLITE_SUBDIR } from './db/client.ts';
import { MIGRATIONS_DIR } from './db/migrate.ts';
import { joinRequests, memberships, teams } from './db/schema.ts';
import { hashPassword } from './password.ts';
import type { TrackerContext } from './services/context.ts';

export interface TestDatabase {
  /** A fresh data directory; with PGlite it already holds a migrated, seeded database. */
  dataDir: string;
  /** Set when the tests run on PostgreSQL: a URL whose search_path is a schema of its own. */
  databaseUrl?: string;
  /** Drops the schema (PostgreSQL) and removes the data directory. Close the tracker first. */
  cleanup(): Promise<void>;
}

const SEED_DIR = fileURLToPath(new URL('./seed/', import.meta.url));

let fingerprint: Promise<string> | undefined;

/**
 * Changes whenever the schema or the seed does, so a stale template is never reused. Worked out
 * once per process: every test database asks for it.
 */
function templateFingerprint(): Promise<string> {
  fingerprint ??= computeFingerprint();
  return fingerprint;
}

async function computeFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const dirs = [MIGRATIONS_DIR, path.join(MIGRATIONS_DIR, 'meta'), SEED_DIR];
  for (const dir of dirs) {
    const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile());
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      hash.update(entry.name).update(await readFile(path.join(dir, entry.name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const run = promisify(execFile);

/**
 * Copies a directory tree with the system's `cp`, and removes one with `rm`: the template is
 * about 1,200 files and 40 MB, which Node's own fs.cp and fs.rm walk file by file in JavaScript,
 * at about ten times the processor time of the system tools (measured: 0.8-2 s against 0.15 s
 * a copy).
 */
async function copyTree(from: string, to: string): Promise<void> {
  await run('cp', ['-R', from, to]);
}

async function removeTree(dir: string): Promise<void> {
  await run('rm', ['-rf', dir]);
}

async function exists(p: string) {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/**
 * A migrated, seeded PGlite directory kept in the OS temp directory and reused by every test
 * file and run: creating one costs seconds, copying it a fraction of that.
 */
export async function pgliteTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `tracker-pglite-template-${await templateFingerprint()}`);
  if (await exists(dir)) return dir;
  const building = `${dir}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ dataDir: building });
  await database.close();
  try {
    await rename(path.join(building, PGLITE_SUBDIR), dir);
  } catch (error) {
    // Another process finished first; theirs is as good as ours.
    if (!(await exists(dir))) throw error;
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return dir;
}

/** The database a PostgreSQL URL names, for the names of the databases made beside it. */
function databaseName(serverUrl: string): string {
  const name = decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || 'postgres';
  // PostgreSQL keeps 63 bytes of a name; the suffixes below take at most 24.
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 36);
}

/** The URL of database `name` on the server `serverUrl` names. */
function urlOfDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to the database `serverUrl` names. */
async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A migrated, seeded PostgreSQL database beside the one `serverUrl` names, kept on the server and
 * reused by every test file and run: migrating and seeding a database costs seconds (and one at a
 * time, under the migration lock), `CREATE DATABASE … TEMPLATE` a fraction of a second. Its name
 * carries the same fingerprint as the PGlite template's, so a stale one is never reused.
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = buildPostgresTemplate(serverUrl);
    postgresTemplates.set(serverUrl, template);
    template.catch(() => postgresTemplates.delete(serverUrl));
  }
  return template;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${databaseName(serverUrl)}_tpl_${await templateFingerprint()}`;
  const found = await onServer(serverUrl, (client) =>
    client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
  );
  if (found.rowCount) return name;
  const building = `${name}_b${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${building}`));
  try {
    const database = await openDatabase({
      dataDir: os.tmpdir(),
      databaseUrl: urlOfDatabase(serverUrl, building),
    });
    await database.close();
    await onServer(serverUrl, (client) =>
      client.query(`ALTER DATABASE ${building} RENAME TO ${name}`),
    );
  } catch (error) {
    // Another process finished first (the rename finds the name taken); theirs is as good.
    const built = await onServer(serverUrl, (client) =>
      client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
    );
    if (!built.rowCount) throw error;
  } finally {
    await onServer(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`),
    );
  }
  return name;
}

/**
 * A fresh, isolated database for one test file, already migrated and seeded. PGlite by default
 * (a copy of the PGlite template), and always with `databaseUrl: null` (what a bench measuring
 * PGlite asks for, whatever the environment); PostgreSQL when `databaseUrl` or, without one,
 * TEST_DATABASE_URL is set: a database of its own beside the one the URL names, made from the
 * PostgreSQL template, so files running in parallel never see each other's rows. `blank` gives,
 * on PostgreSQL, an empty schema of its own instead, for the tests of a first start (migrations,
 * the seed). Spread the result into buildTracker / startTracker options.
 */
export async function createTestDatabase(
  opts: { databaseUrl?: string | null; blank?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-test-'));
  const serverUrl =
    opts.databaseUrl === null ? undefined : (opts.databaseUrl ?? process.env.TEST_DATABASE_URL);
  if (!serverUrl) {
    await copyTree(await pgliteTemplate(), path.join(dataDir, PGLITE_SUBDIR));
    return { dataDir, cleanup: () => removeTree(dataDir) };
  }
  if (!opts.blank) {
    const template = await postgresTemplate(serverUrl);
    const name = `${databaseName(serverUrl)}_t${process.pid}_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl, (client) =>
      client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
    );
    return {
      dataDir,
      databaseUrl: urlOfDatabase(serverUrl, name),
      async cleanup() {
        await onServer(serverUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        );
        await removeTree(dataDir);
      },
    };
  }
  const schema = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE SCHEMA ${schema}`));
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dataDir,
    databaseUrl: url.toString(),
    async cleanup() {
      await onServer(serverUrl, (client) =>
        client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Who `seedQuietMember` makes. */
export interface QuietSeat {
  team: string;
  /** With a password, the member can sign in. */
  member: { name: string; email: string; password?: string };
  /** Someone whose join request waits for a team of the team's area and role (Work / Entrepreneur). */
  waiting?: { name: string; email: string };
  /** Waits longer, for another area and role (School / Adult Learner): never gets this seat. */
  other?: { name: string; email: string };
}

/**
 * For tests whose tracker runs on the real clock (the browser tests), made before it starts: a
 * team of one seat whose member joined `daysAgo` days ago and never answered, so the console
 * lists them among the quiet members, and someone whose join request waits for a team, to take
 * the seat once an operator frees it. The team is full, so no sign-up is matched to it. The member
 * can sign in when the seat names their password; the person waiting cannot.
 */
export async function seedQuietMember(
  ctx: TrackerContext,
  seat: QuietSeat,
  daysAgo = 28,
): Promise<void> {
  const joined = new Date(ctx.trackerConfig.now().getTime() - daysAgo * 86_400_000);
  // A password nobody knows, and not the seed's members' mark: every start gives those check-ins.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  await ctx.database.db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({
        name: seat.team,
        capacity: 1,
        createdAt: joined,
        focusAreaId: BUILTIN_FOCUS_AREA_IDS.work,
        focusRoleId: BUILTIN_ROLE_IDS.entrepreneur,
      })
      .returning({ id: teams.id });
    if (team === undefined) throw new Error('insert returned no team');
    const { password, ...who } = seat.member;
    const member = await ctx.repos.users.insert(
      {
        ...who,
        passwordHash: password === undefined ? passwordHash : await hashPassword(password),
        emailConfirmedAt: joined,
        createdAt: joined,
      },
      tx,
    );
    await tx
      .insert(memberships)
      .values({ teamId: team.id, userId: member.id, status: 'Active', createdAt: joined });
    if (seat.other !== undefined) {
      const other = await ctx.repos.users.insert(
        { ...seat.other, passwordHash, emailConfirmedAt: joined, createdAt: joined },
        tx,
      );
      const older = await ctx.repos.joinRequests.insertUnmatched(other.id, tx, {
        areaId: BUILTIN_FOCUS_AREA_IDS.school,
        roleId: BUILTIN_ROLE_IDS['adult learner'],
      });
      await tx.update(joinRequests).set({ createdAt: joined }).where(eq(joinRequests.id, older.id));
    }
    if (seat.waiting === undefined) return;
    const waiting = await ctx.repos.users.insert(
      { ...seat.waiting, passwordHash, emailConfirmedAt: joined, createdAt: joined },
      tx,
    );
    await ctx.repos.joinRequests.insertUnmatched(waiting.id, tx, {
      areaId: BUILTIN_FOCUS_AREA_IDS.work,
      roleId: BUILTIN_ROLE_IDS.entrepreneur,
    });
  });
}
