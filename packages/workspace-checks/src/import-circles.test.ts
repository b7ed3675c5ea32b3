import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const GROUPS = ['apps', 'machines', 'packages'];
const EXTENSIONS = ['ts', 'tsx', 'mts', 'mjs', 'js'];
/** The router's generated route tree. */
const GENERATED = /\.gen\.ts$/;

interface WorkspacePackage {
  dir: string;
  name: string;
  exports: Record<string, string>;
}

function workspacePackages(): WorkspacePackage[] {
  return GROUPS.flatMap((group) =>
    readdirSync(join(ROOT, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(ROOT, group, entry.name))
      .flatMap((dir) => {
        try {
          const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
          const exports: unknown = manifest.exports ?? {};
          const map =
            typeof exports === 'string' ? { '.': exports } : (exports as Record<string, string>);
          return [{ dir, name: String(manifest.name), exports: map }];
        } catch {
          return [];
        }
      }),
  );
}

/**
 * TypeScript `paths` for every workspace package's exports, so an import by package name
 * (`@app/contracts`) is followed into that package's source like a relative one, and a circle
 * that runs through two packages is found too.
 */
function workspacePaths(packages: WorkspacePackage[]): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const pkg of packages) {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target !== 'string') continue;
      const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.replace(/^\.\//, '')}`;
      paths[specifier] = [join(pkg.dir, target)];
    }
  }
  return paths;
}

/**
 * The workspace's source: the files git tracks, so build output (`dist`, `dist-ssr`), reports
 * and anything else a run leaves behind never counts.
 */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '-z',
      '--',
      ...GROUPS.flatMap((group) => EXTENSIONS.map((ext) => `${group}/**/*.${ext}`)),
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return listed
    .split('\0')
    .filter((file) => file !== '' && !GENERATED.test(file))
    .map((file) => join(ROOT, file));
}

describe('the import graph of the workspace', () => {
  it('has no circle, type-only imports included', async () => {
    const packages = workspacePackages();
    const base = JSON.parse(readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8'));
    const graph = await madge(sourceFiles(), {
      baseDir: ROOT,
      fileExtensions: EXTENSIONS,
      excludeRegExp: [/node_modules/, GENERATED],
      tsConfig: {
        compilerOptions: { ...base.compilerOptions, paths: workspacePaths(packages) },
      },
      detectiveOptions: {
        ts: { skipTypeImports: false },
        tsx: { skipTypeImports: false },
      },
    });
    // Sanity: the graph holds the product's source and follows imports across packages.
    const files = Object.keys(graph.obj());
    expect(files.length).toBeGreaterThan(300);
    expect(graph.depends('packages/contracts/src/index.ts')).toContain(
      'apps/tracker/src/config.ts',
    );
    expect(graph.circular().map((circle) => circle.join(' -> '))).toEqual([]);
  }, 120_000);
});
