/**
 * Moves the photos uploaded to a tracker's data directory into PostgreSQL, once, when a tracker
 * that ran with its photos on disk moves to DATABASE_URL: `pnpm --filter @app/tracker photos:move`.
 * Each file is removed once the database holds the same bytes; running it again moves what is
 * left and changes nothing else.
 */
import path from 'node:path';
import { resolveConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { databaseStorage, movePhotos, UPLOADS_SUBDIR } from './storage.ts';

let config: ReturnType<typeof resolveConfig>;
try {
  config = resolveConfig({});
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (!config.databaseUrl) {
  console.error(
    'Set DATABASE_URL to the PostgreSQL database the trackers use: photos move from ' +
      `${path.join(config.dataDir, UPLOADS_SUBDIR)} into it.`,
  );
  process.exit(2);
}
const uploads = path.join(config.dataDir, UPLOADS_SUBDIR);
const database = await openDatabase(config);
try {
  const report = await movePhotos(uploads, databaseStorage(database.db));
  console.log(
    `Moved ${report.moved} photos from ${uploads} into PostgreSQL; ` +
      `${report.alreadyThere} were there already (their files removed).`,
  );
  if (report.conflicts.length > 0) {
    console.error(
      `Left on disk, the database holding other bytes under the same name: ${report.conflicts.join(', ')}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
