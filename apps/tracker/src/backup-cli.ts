/**
 * Backups and restores of the tracker's store, from the command line:
 * `pnpm --filter @app/tracker backup FILE` and `pnpm --filter @app/tracker restore FILE`.
 * With DATABASE_URL set they run pg_dump and pg_restore (custom format) on that database; else
 * they back up TRACKER_DATA_DIR's embedded store (through the tracker running on it, if one does)
 * and restore into a TRACKER_DATA_DIR that holds no database yet (decision 54).
 */
import { EnvError, resolveFromCommand, StartupError } from '@app/server-kit';
import {
  BackupError,
  backupPglite,
  backupPostgres,
  restorePglite,
  restorePostgres,
} from './backup.ts';
import { resolveConfig } from './config.ts';

const USAGE = 'usage: pnpm --filter @app/tracker backup FILE | restore FILE';

const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = resolveConfig({});
  // A relative FILE is taken from where the command was typed, not from this package.
  const target = resolveFromCommand(file);
  const started = Date.now();
  if (command === 'backup') {
    if (config.databaseUrl) await backupPostgres(config.databaseUrl, target);
    else await backupPglite(config.dataDir, target);
  } else if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, target);
  } else {
    await restorePglite(config.dataDir, target);
  }
  const store = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    command === 'backup'
      ? `Backed up ${store} to ${target} in ${seconds} s.`
      : `Restored ${target} into ${store} in ${seconds} s; start the tracker on it.`,
  );
} catch (error) {
  // Refusals are written for people: no stack. Anything else keeps its stack.
  const told =
    error instanceof BackupError || error instanceof StartupError || error instanceof EnvError;
  console.error(told ? error.message : error);
  process.exitCode = 1;
}
