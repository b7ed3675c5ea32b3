// How the compiled site is started: the Node arguments of this package's `start` script (what
// `pnpm start` runs), read from package.json, so that whatever else starts the compiled site (the
// bench, the browser tests, the cluster, the build's own tests) runs it with the same V8 settings
// as a deployment does and measures or tests that server, not another.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The site server's package (apps/server). */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The compiled entry the start script runs, relative to SERVER_DIR. */
const ENTRY = 'dist/server.js';

/** That entry's absolute path (`pnpm --filter @app/server build` writes it). */
export const SITE_ENTRY = join(SERVER_DIR, ENTRY);

/**
 * The arguments to give Node (`process.execPath`) to start the compiled site as `pnpm start`
 * does: the start script's options, then the entry as an absolute path (any working directory
 * will do). Throws if the start script is not `node [options] dist/server.js`.
 */
export function siteNodeArgs(start = startScript()): string[] {
  const [command, ...args] = start.trim().split(/\s+/);
  const entry = args.pop();
  if (command !== 'node' || entry !== ENTRY || args.some((arg) => !arg.startsWith('--'))) {
    throw new Error(`The start script must be "node [--options] ${ENTRY}"; it is "${start}".`);
  }
  return [...args, SITE_ENTRY];
}

function startScript(): string {
  const manifest = JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  return manifest.scripts?.start ?? '';
}
