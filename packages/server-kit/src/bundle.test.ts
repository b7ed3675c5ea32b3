import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { bundleServer } from '../scripts/bundle.mjs';

/**
 * A server of two entries: `main` fails in a shared module, prints where, and starts `thread`
 * (the file named on its command line) on a worker, which does the same.
 */
const SOURCES: Record<string, string> = {
  'src/fail.ts': `export function fail(where: string): string {
  try {
    throw new Error(where);
  } catch (error) {
    return (error as Error).stack?.split('\\n')[1]?.trim() ?? '';
  }
}
`,
  'src/main.ts': `import { Worker } from 'node:worker_threads';
import { fail } from './fail.ts';

console.log(JSON.stringify({ main: fail('main') }));
new Worker(process.argv[2] ?? '');
`,
  'src/thread.ts': `import { fail } from './fail.ts';

console.log(JSON.stringify({ thread: fail('thread') }));
`,
};

describe('a bundled server', () => {
  let root: string;
  let dist: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'bundle-'));
    dist = join(root, 'dist');
    await mkdir(join(root, 'src'));
    for (const [file, text] of Object.entries(SOURCES)) await writeFile(join(root, file), text);
    // Left by an earlier build: removed by the next.
    await mkdir(dist);
    await writeFile(join(dist, 'stale.js'), '');
    await bundleServer({
      root,
      outDir: dist,
      entryPoints: { main: 'src/main.ts', thread: 'src/thread.ts' },
    });
  }, 60_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('holds each entry, its starter and source map, and nothing an earlier build left', async () => {
    expect((await readdir(dist)).sort()).toEqual([
      'main.bundle.js',
      'main.bundle.js.map',
      'main.js',
      'thread.bundle.js',
      'thread.bundle.js.map',
      'thread.js',
    ]);
  });

  it('names the TypeScript source in stack traces, on its own thread and on a worker', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(dist, 'main.js'),
      join(dist, 'thread.js'),
    ]);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    const frames = Object.assign({}, ...lines) as { main?: string; thread?: string };
    expect(frames.main).toContain(`${join(root, 'src/fail.ts')}:3:`);
    expect(frames.thread).toContain(`${join(root, 'src/fail.ts')}:3:`);
  });
});

/**
 * A traced server's start modules load OpenTelemetry only when `OTEL_EXPORTER_OTLP_ENDPOINT` is
 * set: a module hook on the command line lists every OpenTelemetry file Node loads, and each
 * thread says whether tracing put its log fields in place.
 */
const TRACED_SOURCES: Record<string, string> = {
  'src/main.ts': `import { Worker } from 'node:worker_threads';

const traced = typeof (globalThis as Record<symbol, unknown>)[Symbol.for('app.traceLogFields')];
console.log(JSON.stringify({ main: traced === 'function' }));
new Worker(process.argv[2] ?? '');
`,
  'src/thread.ts': `const traced = typeof (globalThis as Record<symbol, unknown>)[Symbol.for('app.traceLogFields')];
console.log(JSON.stringify({ thread: traced === 'function' }));
`,
};

/** Written to stderr for each OpenTelemetry file loaded, by import or require, on any thread. */
const LOAD_HOOK = `import { writeSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({
  load(url, context, next) {
    if (url.includes('@opentelemetry')) writeSync(2, 'loaded ' + url + '\\n');
    return next(url, context);
  },
});
`;

// Two Node starts each, on a machine that may be busy.
describe('a traced bundled server', { timeout: 60_000 }, () => {
  let root: string;
  let dist: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'bundle-traced-'));
    dist = join(root, 'dist');
    await mkdir(join(root, 'src'));
    for (const [file, text] of Object.entries(TRACED_SOURCES)) {
      await writeFile(join(root, file), text);
    }
    await bundleServer({
      root,
      outDir: dist,
      entryPoints: { main: 'src/main.ts', thread: 'src/thread.ts' },
      traced: { main: 'site', thread: 'tracker' },
    });
  }, 60_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function run(env: Record<string, string>) {
    const { OTEL_EXPORTER_OTLP_ENDPOINT: _left, ...inherited } = process.env;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(LOAD_HOOK)}`,
        join(dist, 'main.js'),
        join(dist, 'thread.js'),
      ],
      { env: { ...inherited, ...env } },
    );
    const flags = Object.assign(
      {},
      ...stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, boolean>),
    ) as { main?: boolean; thread?: boolean };
    const loaded = stderr.split('\n').filter((line) => line.startsWith('loaded '));
    return { flags, loaded };
  }

  it('compiles the tracing module beside the entries', async () => {
    expect(await readdir(dist)).toContain('tracing.bundle.js');
  });

  it('loads no OpenTelemetry code without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const { flags, loaded } = await run({});
    expect(flags).toEqual({ main: false, thread: false });
    expect(loaded).toEqual([]);
  });

  it('starts tracing on each thread with it', async () => {
    // Nothing listens there; no span is made, so nothing is sent.
    const { flags, loaded } = await run({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(flags).toEqual({ main: true, thread: true });
    expect(loaded.some((line) => line.includes('@opentelemetry/sdk-trace'))).toBe(true);
  });
});
