import { chmod, unlink } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Database } from './db/client.ts';

/** The running tracker's backup socket, in its data directory (decision 54). */
export const BACKUP_SOCKET = 'backup.sock';
/** What the socket answers: the database's dump. */
export const DUMP_PATH = '/database';
/** Unix socket paths longer than this do not fit the kernel's address (108 bytes on Linux). */
const SOCKET_PATH_MAX = 107;

/**
 * Serves the database's dump on `<dataDir>/backup.sock`, readable by the data directory's owner
 * only. Whoever may use the socket may read the data directory anyway. Null when the path is too
 * long for a socket; `onUnavailable` says so.
 */
export async function serveBackupSocket(
  dataDir: string,
  database: Database,
  onUnavailable: (message: string) => void,
): Promise<(() => Promise<void>) | null> {
  const dump = database.dump;
  if (!dump) return null;
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
    onUnavailable(
      `No backup socket: ${socketPath} is longer than a Unix socket path may be. ` +
        'Backups of this data directory need the tracker stopped.',
    );
    return null;
  }
  // The data directory is locked by this process: a socket file there is a dead process's.
  await unlink(socketPath).catch(() => {});
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== DUMP_PATH) {
      response.writeHead(404).end();
      return;
    }
    dump().then(
      async (blob) => {
        response.writeHead(200, {
          'content-type': 'application/x-tar',
          'content-length': blob.size,
        });
        response.end(Buffer.from(await blob.arrayBuffer()));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await unlink(socketPath).catch(() => {});
  };
}
