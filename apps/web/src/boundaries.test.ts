import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The studio is a leaf: the product's code (every page, the onboarding, the router) imports
 * neither the studio's folder nor the statechart tooling package; only the studio's own route,
 * the studio and tests do.
 */
// Tests run from the package's folder.
const SRC = join(process.cwd(), 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.includes('/test/');

const PRODUCT_FILES = sourceFiles(SRC)
  .map((path) => relative(SRC, path))
  .filter(
    (path) =>
      !path.startsWith('statechart/') &&
      path !== 'routes/statechart.tsx' &&
      path !== 'routeTree.gen.ts' &&
      !isTest(path),
  );

/** What a file imports: the specifiers of its static and dynamic imports and re-exports. */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1] ?? '');
  return specifiers;
}

const reachesStudio = (specifier: string) =>
  specifier.startsWith('@app/statechart-tools') || /(^|\/)statechart\//.test(specifier);

describe('the studio is a leaf', () => {
  it('finds the product files it checks', () => {
    expect(PRODUCT_FILES).toContain('onboarding/session.ts');
    expect(PRODUCT_FILES.length).toBeGreaterThan(40);
  });

  it('reads static and dynamic imports alike', () => {
    expect(
      importsOf(
        "import { a } from '../statechart/x.ts';\nconst m = await import('@app/statechart-tools/layout');\nimport './y.css';",
      ).filter(reachesStudio),
    ).toEqual(['../statechart/x.ts', '@app/statechart-tools/layout']);
  });

  it.each(PRODUCT_FILES)('%s imports neither the studio nor the statechart tooling', (path) => {
    const reached = importsOf(readFileSync(join(SRC, path), 'utf8')).filter(reachesStudio);
    expect(reached).toEqual([]);
  });
});
