// Compiles a server of this repository and the workspace packages it imports into one ES module
// per entry (dist/<name>.bundle.js, with its source map) and a small module that starts it
// (dist/<name>.js) for plain `node`. Third-party packages stay external and load from node_modules
// as usual. Used by apps/server and apps/tracker (their scripts/build.mjs).

import { readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const builtins = new Set(builtinModules);
const RESOLVING = Symbol('resolving');

/**
 * Workspace packages are TypeScript source and are bundled; everything else is external. Files
 * that find their data beside them (migrations, seed photos, the hashing worker, the repository
 * root) use import.meta.url, which in one bundle would be the bundle's for all of them: each
 * file's own import.meta.url is put back, written relative to the bundle so the build can be
 * moved with the repository.
 */
function workspaceSource(root, outDir) {
  /** A path the bundle can import: relative to outDir, forward slashes, starting with a dot. */
  const fromBundle = (file) => {
    const path = relative(outDir, file).split(sep).join('/');
    return path.startsWith('.') ? path : `./${path}`;
  };
  return {
    name: 'workspace-source',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('@app/') || args.pluginData === RESOLVING) return undefined;
        if (args.path.startsWith('node:') || builtins.has(args.path)) {
          return { path: args.path, external: true };
        }
        // The package's own dependencies load by name. Another workspace package's dependencies
        // (the tracker's database drivers, seen from the site) are not visible from this package
        // under pnpm's strict layout, so they are imported by the path they resolve to there.
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
}

/**
 * What `dist/<name>.js` holds: it turns on source maps for this thread (stack traces name the
 * TypeScript source) and then loads the bundle. Node reads a module's source map as it loads the
 * module, so they are turned on before the bundle loads; `--enable-source-maps` would do the
 * same but also read and keep the source maps third-party packages ship in node_modules
 * (about 10 MiB resident for the site's, decision 47). Source maps are turned on per thread: a
 * worker started on such a module turns them on for itself.
 */
const starter = (name, service) => `import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
${
  service === undefined
    ? ''
    : `// Traced only when asked for: without the variable no OpenTelemetry code is loaded. With it,
// tracing starts before the server's code loads, so that node:http, undici and pg are patched.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('./tracing.bundle.js');
  startTracing({ serviceName: ${JSON.stringify(service)} });
}
`
}await import('./${name}.bundle.js');
`;

/** The tracing module every traced entry's start module loads when tracing is asked for. */
const TRACING_SOURCE = fileURLToPath(new URL('../src/tracing.ts', import.meta.url));

/**
 * Bundles `entryPoints` ({ name: source path }) of the package at `root` (absolute, ending in a
 * separator or not) into `outDir` as `<name>.bundle.js`, writes `<name>.js` to start each (see
 * `starter`), and prints what it wrote. `outDir` holds this build alone: what an earlier build
 * left there is removed first. `traced` ({ entry name: service name }) names the entries whose
 * start module starts OpenTelemetry tracing (`src/tracing.ts`, compiled beside them as
 * `tracing.bundle.js`) when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 */
export async function bundleServer({ root, entryPoints, outDir, traced = {} }) {
  const rootDir = root.endsWith(sep) ? root : `${root}${sep}`;
  await rm(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: rootDir,
    entryPoints: Object.fromEntries([
      ...Object.entries(entryPoints).map(([name, source]) => [`${name}.bundle`, source]),
      ...(Object.keys(traced).length > 0 ? [['tracing.bundle', TRACING_SOURCE]] : []),
    ]),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [workspaceSource(rootDir, outDir)],
  });
  const starters = Object.keys(entryPoints).map((name) => [name, join(outDir, `${name}.js`)]);
  await Promise.all(starters.map(([name, file]) => writeFile(file, starter(name, traced[name]))));
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  const files = [
    ...starters.map(([, file]) => file),
    ...Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')),
  ];
  console.log(
    `built ${files.map((file) => pathToFileURL(file).pathname).join(', ')} (${Math.round(bytes / 1024)} KiB)`,
  );
}
