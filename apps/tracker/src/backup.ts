/**
 * Backups and restores (decision 54). With the embedded PGlite store a backup is one gzipped tar:
 * PGlite's own dump of its data directory, the photos (`uploads/`) and the secrets the data
 * directory keeps (API key, front door session secret, VAPID keys). A running tracker hands out
 * the dump on a Unix socket in its data directory, since no other process may open PGlite while
 * it runs; a stopped one's directory is locked and read directly. With PostgreSQL a backup is
 * pg_dump's custom format, restored by pg_restore, the photos being rows of the database.
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { packTar, type TarSource, unpackTar } from 'modern-tar/fs';
import pg from 'pg';
import { API_KEY_FILE } from './api-key.ts';
import { BACKUP_SOCKET, DUMP_PATH } from './backup-socket.ts';
import { openPglite, PGLITE_SUBDIR } from './db/client.ts';
import { SESSION_SECRET_FILE } from './front-door/app.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';
import { VAPID_KEYS_FILE } from './push.ts';
import { UPLOADS_SUBDIR } from './storage.ts';

/** The secrets a data directory keeps when their settings do not give them. */
export const SECRET_FILES = [API_KEY_FILE, SESSION_SECRET_FILE, VAPID_KEYS_FILE] as const;

const MANIFEST = 'backup.json';
const DATABASE_ENTRY = 'pglite.tar';
const FORMAT = 'tracker-pglite-backup';
const VERSION = 1;

interface Manifest {
  format: typeof FORMAT;
  version: number;
  takenAt: string;
}

/** A refusal or failure told in words an operator can act on (printed without a stack). */
export class BackupError extends Error {
  override name = 'BackupError';
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The dump from the tracker running on `dataDir`; null when none listens there. */
async function dumpFromRunningTracker(dataDir: string): Promise<Blob | null> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath, path: DUMP_PATH }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode === 200) resolve(new Blob(chunks));
        else
          reject(
            new BackupError(
              `The tracker running on ${dataDir} could not dump its database: ` +
                Buffer.concat(chunks).toString('utf8'),
            ),
          );
      });
    });
    request.on('error', (error) => {
      const code = codeOf(error);
      if (code === 'ENOENT' || code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** The dump of a data directory no tracker runs on, its lock held meanwhile. */
async function dumpStoppedDirectory(dataDir: string): Promise<Blob> {
  const pgliteDir = path.join(dataDir, PGLITE_SUBDIR);
  if (!(await exists(path.join(pgliteDir, 'PG_VERSION')))) {
    throw new BackupError(`There is no database in ${dataDir} to back up.`);
  }
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `A tracker runs on ${dataDir} but does not answer on ${path.join(dataDir, BACKUP_SOCKET)} ` +
        '(its path may be too long for a socket: see its log). Stop it, or give it a shorter ' +
        'TRACKER_DATA_DIR, and run the backup again.',
    );
  }
  try {
    const database = await openPglite(pgliteDir);
    try {
      return await (database.dump?.() ?? Promise.reject(new Error('no dump')));
    } finally {
      await database.close();
    }
  } finally {
    await unlock();
  }
}

/**
 * Writes the backup of the embedded store to `file`: aside first, renamed once complete, so an
 * interrupted backup never leaves a file that looks whole. The database is dumped before the
 * photos are read: a photo's file is written before its row, so every photo the dump names is
 * in the archive.
 */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  const dump = (await dumpFromRunningTracker(dataDir)) ?? (await dumpStoppedDirectory(dataDir));
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    takenAt: new Date().toISOString(),
  };
  const sources: TarSource[] = [
    { type: 'content', target: MANIFEST, content: `${JSON.stringify(manifest, null, 2)}\n` },
    { type: 'content', target: DATABASE_ENTRY, content: dump },
  ];
  for (const name of SECRET_FILES) {
    const source = path.join(dataDir, name);
    if (await exists(source)) sources.push({ type: 'file', source, target: name, mode: 0o600 });
  }
  const uploads = path.join(dataDir, UPLOADS_SUBDIR);
  if (await exists(uploads)) {
    sources.push({ type: 'directory', source: uploads, target: UPLOADS_SUBDIR });
  }
  await writeAside(file, async (aside) => {
    await pipeline(
      // Photos being written (`<key>.<pid>.tmp`, renamed when complete) are not photos yet.
      packTar(sources, { filter: (p) => !p.endsWith('.tmp') }),
      createGzip(),
      createWriteStream(aside, { mode: 0o600 }),
    );
  });
}

/**
 * Restores a backup of the embedded store into `dataDir`, which must hold no database; its lock
 * is held meanwhile, so no tracker starts on it half restored.
 */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  if (!(await exists(file))) throw new BackupError(`There is no file ${file} to restore.`);
  const pgliteDir = path.join(dataDir, PGLITE_SUBDIR);
  if (await exists(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(
      `${dataDir} already holds a database. Restore into an empty directory (set ` +
        'TRACKER_DATA_DIR to it), or move this one away first.',
    );
  }
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir, { waitMs: 0 });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(`A tracker runs on ${dataDir}: stop it before restoring into it.`);
  }
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    try {
      await pipeline(createReadStream(file), createGunzip(), unpackTar(staging));
    } catch (error) {
      throw new BackupError(`${file} is not a backup of the embedded store (${String(error)}).`);
    }
    const manifest = await readFile(path.join(staging, MANIFEST), 'utf8')
      .then((text) => JSON.parse(text) as Partial<Manifest>)
      .catch(() => null);
    if (manifest?.format !== FORMAT || !(await exists(path.join(staging, DATABASE_ENTRY)))) {
      throw new BackupError(`${file} is not a backup of the embedded store.`);
    }
    if (manifest.version !== VERSION) {
      throw new BackupError(
        `${file} is a backup of version ${manifest.version}; this tracker restores version ${VERSION}.`,
      );
    }
    for (const name of [...SECRET_FILES, UPLOADS_SUBDIR]) {
      const from = path.join(staging, name);
      if (!(await exists(from))) continue;
      await rm(path.join(dataDir, name), { recursive: true, force: true });
      await rename(from, path.join(dataDir, name));
    }
    for (const name of SECRET_FILES) {
      await chmod(path.join(dataDir, name), 0o600).catch(() => {});
    }
    // PGlite unpacks its dump and starts on it, replaying the log; closing checkpoints.
    await rm(pgliteDir, { recursive: true, force: true });
    const dump = new Blob([await readFile(path.join(staging, DATABASE_ENTRY))]);
    const database = await openPglite(pgliteDir, { loadDataDir: dump });
    await database.close();
  } finally {
    await rm(staging, { recursive: true, force: true });
    await unlock();
  }
}

const run = promisify(execFile);

/** Runs one of PostgreSQL's client programs, its failure told with its own message. */
async function runClient(program: string, args: string[]): Promise<void> {
  try {
    await run(program, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if (codeOf(error) === 'ENOENT') {
      throw new BackupError(
        `${program} is not installed: install PostgreSQL's client programs, of the server's ` +
          'major version or newer.',
      );
    }
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${program} failed: ${stderr || String(error)}`);
  }
}

/** pg_dump of the whole database in its custom format (pg_restore reads it). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  await writeAside(file, (aside) =>
    runClient('pg_dump', ['--format=custom', `--file=${aside}`, `--dbname=${databaseUrl}`]),
  );
}

/** pg_restore into a database that holds no tables yet. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if (!(await exists(file))) throw new BackupError(`There is no file ${file} to restore.`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.tables ?? 0) > 0) {
      throw new BackupError(
        'The database DATABASE_URL names already holds tables. Restore into a new, empty ' +
          'database (createdb), then point the trackers at it.',
      );
    }
  } finally {
    await client.end();
  }
  await runClient('pg_restore', [
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

/** Writes through `write` to a file beside `file`, synced and renamed onto it once complete. */
async function writeAside(file: string, write: (aside: string) => Promise<void>): Promise<void> {
  const aside = `${file}.partial-${process.pid}`;
  try {
    await write(aside);
    // pg_dump writes with the process's umask: a backup is readable by its owner only.
    await chmod(aside, 0o600);
    const handle = await open(aside, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(aside, file);
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
}
