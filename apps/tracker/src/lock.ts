import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE = 'tracker.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dir} is in use by another tracker process (pid ${pid}). ` +
        'Two processes on one embedded database lose data: stop the other process, or give this one ' +
        'its own TRACKER_DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process: a lock file created with O_EXCL holding our pid.
 * A lock left by a process that no longer exists (killed, crashed) is taken over.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.sync();
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await unlink(file).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(pid) && pid > 0) {
      if (isAlive(pid)) throw new DataDirLockedError(dir, pid);
    } else if (attempt < 3) {
      // Created but not yet written: its owner is between open and write. Give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    // Left by a process that no longer runs (or never wrote its pid): take it over.
    await unlink(file).catch(() => {});
  }
  throw new Error(`Could not take the lock ${file}`);
}
