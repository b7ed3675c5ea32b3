// Compiles the site server and the workspace packages it imports into dist/server.js for
// `node dist/server.js`, and the embedded tracker's thread into dist/tracker-thread.js beside it.
// Third-party packages stay external and load from node_modules as usual.

import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const outDir = dirname(outfile);

/**
 * Workspace packages are TypeScript source and are bundled; everything else is external. Files
 * that find their data beside them (migrations, seed photos, the repository root) use
 * import.meta.url, which in one bundle would be dist/server.js for all of them: each file's own
 * import.meta.url is put back, written relative to the bundle so the build can be moved with the
 * repository.
 */
const builtins = new Set(builtinModules);
const RESOLVING = Symbol('resolving');

/** A path the bundle can import: relative to dist/, forward slashes, starting with a dot. */
const fromBundle = (file) => {
  const path = relative(outDir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
};

const workspaceSource = {
  name: 'workspace-source',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@app/') || args.pluginData === RESOLVING) return undefined;
      if (args.path.startsWith('node:') || builtins.has(args.path)) {
        return { path: args.path, external: true };
      }
      // The server's own dependencies load by name. Another workspace package's dependencies
      // (the tracker's database drivers) are not visible from apps/server under pnpm's strict
      // layout, so they are imported by the path they resolve to from that package.
      if (args.importer.startsWith(root)) return { path: args.path, external: true };
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: fromBundle(resolved.path), external: true };
    });
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const own = `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`;
      return {
        contents: source.replaceAll('import.meta.url', `(${own})`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    'tracker-thread': fileURLToPath(new URL('../../tracker/src/thread-entry.ts', import.meta.url)),
  },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [workspaceSource],
});

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(
  `built ${files.map((file) => pathToFileURL(file).pathname).join(', ')} (${Math.round(bytes / 1024)} KiB)`,
);
