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
