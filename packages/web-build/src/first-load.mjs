// What each route of a built app loads before it can render, and whether the routes with a budget
// stay within it. Each app's scripts/size.mjs names its routes and budgets and calls
// `checkFirstLoad` after `vite build`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }} Chunk
 * @typedef {Record<string, Chunk>} Manifest
 * @typedef {readonly [path: string, routeFiles: readonly string[]]} Route
 * @typedef {{ route: string, chunks: number, files: string[], bytes: number, budget: number | undefined, over: boolean }} Row
 */

/**
 * The JavaScript files a first visit loads: the entry chunk and the chunks it imports, statically
 * or dynamically (an entry may run its start-up in steps, importing each group when the last has
 * run), the lazily split parts of the given route files, and everything those import statically.
 * @param {Manifest} manifest Vite's build manifest.
 * @param {readonly string[]} routeFiles
 * @returns {string[]}
 */
export function firstLoadFiles(manifest, routeFiles) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry chunk');
  /** @type {Set<string>} */
  const keys = new Set();
  /** @param {string} key */
  const closure = (key) => {
    const chunk = manifest[key];
    if (!chunk || keys.has(key)) return;
    keys.add(key);
    for (const imported of chunk.imports ?? []) closure(imported);
  };
  closure(entryKey);
  for (const imported of manifest[entryKey]?.dynamicImports ?? []) closure(imported);
  for (const file of routeFiles) {
    const split = Object.keys(manifest).filter((key) => key.startsWith(`${file}?tsr-split=`));
    if (split.length === 0) throw new Error(`no split chunk for ${file} in the build manifest`);
    for (const key of split) closure(key);
  }
  return [...keys].flatMap((key) => {
    const file = manifest[key]?.file;
    return file?.endsWith('.js') ? [file] : [];
  });
}

/**
 * One row per route: its files, their bytes as `sizeOf` counts them, and its budget if it has one.
 * @param {Manifest} manifest
 * @param {readonly Route[]} routes
 * @param {ReadonlyMap<string, number>} budgets Bytes, by route path.
 * @param {(file: string) => number} sizeOf
 * @returns {Row[]}
 */
export function measureRoutes(manifest, routes, budgets, sizeOf) {
  return routes.map(([route, routeFiles]) => {
    const files = firstLoadFiles(manifest, routeFiles);
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    const budget = budgets.get(route);
    return {
      route,
      chunks: files.length,
      files,
      bytes,
      budget,
      over: budget !== undefined && bytes > budget,
    };
  });
}

/**
 * Prints the table of what each route loads and exits with 1 when a route is over its budget.
 * `sent: 'gzip'` counts each script gzipped (level 9); `sent: 'brotli'` counts the .br file the
 * build wrote beside it (the script itself where compressing did not make it smaller), as a server
 * that sends precompressed files sends it, with the gzip figure beside it.
 * @param {{ dist: URL, routes: readonly Route[], budgets: ReadonlyMap<string, number>, sent: 'gzip' | 'brotli' }} options
 */
export function checkFirstLoad({ dist, routes, budgets, sent }) {
  const root = fileURLToPath(dist);
  const manifest = JSON.parse(readFileSync(`${root}.vite/manifest.json`, 'utf8'));
  /** @type {Map<string, number>} */
  const gzipped = new Map();
  /** @param {string} file */
  const gzipBytes = (file) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(`${root}${file}`), { level: 9 }).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  /** @param {string} file */
  const brotliBytes = (file) => {
    const br = `${root}${file}.br`;
    return statSync(existsSync(br) ? br : `${root}${file}`).size;
  };
  const rows = measureRoutes(manifest, routes, budgets, sent === 'gzip' ? gzipBytes : brotliBytes);
  const kib = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
  console.table(
    rows.map((row) => {
      const label = row.budget === undefined ? '' : `${row.budget / 1024} KiB`;
      return {
        route: row.route,
        chunks: row.chunks,
        [sent === 'gzip' ? 'gzip bytes' : 'brotli bytes (sent)']: row.bytes,
        KiB: kib(row.bytes),
        ...(sent === 'brotli'
          ? { 'gzip KiB': kib(row.files.reduce((sum, file) => sum + gzipBytes(file), 0)) }
          : {}),
        budget: row.budget === undefined ? '' : row.over ? `OVER ${label}` : `ok (${label})`,
      };
    }),
  );
  const over = rows.filter((row) => row.over);
  for (const row of over) {
    console.error(
      `${row.route} loads ${row.bytes} bytes of JavaScript (${sent}), over its budget of ${row.budget}.`,
    );
  }
  if (over.length > 0) process.exit(1);
}
