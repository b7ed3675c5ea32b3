/**
 * Where the product listens and what it serves where, when nothing is configured: the ports of
 * the site, the tracker's front door and the standalone tracker API, and the path photos are
 * served under. Nothing here imports anything, so build tools (the Vite configs) read it too
 * (`@app/contracts/addresses`).
 */

/** The site server (`PORT`): the web app, /api and the photos passed through. */
export const DEFAULT_SITE_PORT = 3000;
/** The tracker's front door, where members and operators sign in (`TRACKER_PUBLIC_URL`). */
export const DEFAULT_TRACKER_PUBLIC_PORT = 3001;
/**
 * The tracker API when it runs on its own (`pnpm --filter @app/tracker start`, `TRACKER_PORT`);
 * embedded in the site it takes any free loopback port.
 */
export const DEFAULT_TRACKER_PORT = 4000;

/** `http://localhost:<port>`: how a person on this machine reaches a default port. */
export function localOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/** The loopback address a development server proxies to (IPv4, as Vite's proxy needs). */
export function loopbackOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** Where photos are served, on the tracker and (passed through) on the site. */
export const UPLOADS_PATH = '/uploads';
