import { access, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** A start-up failure whose message tells a person what to do: printed as it is, without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The data directory cannot be used: read-only, not writable by this user, or its disk is full. */
export class DataDirError extends StartupError {
  override name = 'DataDirError';
  constructor(
    readonly dir: string,
    readonly reason: 'read-only' | 'not-writable' | 'full',
    readonly errno: string,
    options?: ErrorOptions,
  ) {
    super(dataDirMessage(dir, reason, errno), options);
  }
}

const ELSEWHERE = 'or set TRACKER_DATA_DIR to another directory';

function dataDirMessage(dir: string, reason: DataDirError['reason'], errno: string): string {
  switch (reason) {
    case 'read-only':
      return (
        `The data directory ${dir} is on a read-only file system (${errno}). The embedded ` +
        'database, photos, outgoing mail and generated keys are kept there: mount it ' +
        `read-write, ${ELSEWHERE} that can be written.`
      );
    case 'not-writable':
      return (
        `The data directory ${dir} cannot be written by this user (${errno}). Give this user ` +
        `write access to it (for example chown it to the user the server runs as), ${ELSEWHERE}.`
      );
    case 'full':
      return (
        `The disk that holds the data directory ${dir} is full (${errno}). Free some space ` +
        `there (a new embedded database needs about 60 MB), ${ELSEWHERE} on a disk with room.`
      );
  }
}

/**
 * PGlite is PostgreSQL compiled to WebAssembly: its file errors are Emscripten's `ErrnoError`
 * with Emscripten's own numbers, not Node's codes.
 */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  51: 'ENOSPC',
  63: 'EPERM',
  69: 'EROFS',
};

function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno];
  return undefined;
}

/**
 * The plain-words error for a file-system failure in the data directory, or undefined when the
 * failure is not one a person can fix there. Looks through `cause` chains (drivers wrap errors).
 */
export function dataDirProblem(dir: string, error: unknown): DataDirError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = errnoCode(current);
    if (code === 'EROFS') return new DataDirError(dir, 'read-only', code, { cause: error });
    if (code === 'EACCES' || code === 'EPERM') {
      return new DataDirError(dir, 'not-writable', code, { cause: error });
    }
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      return new DataDirError(dir, 'full', code, { cause: error });
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The file-system calls checkDataDir makes (tests put failing ones in). */
export interface DataDirFs {
  mkdir: typeof mkdir;
  open: typeof open;
  rm: typeof rm;
}

/**
 * `mkdir -p`, except that a failure names its real cause: Node's recursive mkdir answers ENOENT
 * when a missing folder cannot be made on a read-only file system, so the first missing folder is
 * made again on its own to get EROFS (or EACCES, ENOSPC).
 */
async function makeDir(dir: string, fs: DataDirFs): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let missing = path.resolve(dir);
    for (;;) {
      const parent = path.dirname(missing);
      if (
        parent === missing ||
        (await access(parent).then(
          () => true,
          () => false,
        ))
      )
        break;
      missing = parent;
    }
    await fs.mkdir(missing);
    throw error;
  }
}

/**
 * Checks at start-up that the data directory exists (or can be made) and takes a write that
 * reaches the disk, so that a read-only mount or a full disk stops the start with the path and
 * what to do, rather than with an errno from deep inside the database later.
 */
export async function checkDataDir(
  dir: string,
  {
    probeBytes = 64 * 1024,
    fs = { mkdir, open, rm },
  }: { probeBytes?: number; fs?: DataDirFs } = {},
): Promise<void> {
  const probe = path.join(dir, `.write-check-${process.pid}-${threadId}`);
  try {
    await makeDir(dir, fs);
    const file = await fs.open(probe, 'w');
    try {
      // writeFile goes on after a short write, so a disk with less room than this fails here.
      await file.writeFile(Buffer.alloc(probeBytes));
      await file.sync();
    } finally {
      await file.close();
    }
  } catch (error) {
    throw dataDirProblem(dir, error) ?? error;
  } finally {
    await fs.rm(probe, { force: true }).catch(() => undefined);
  }
}
