import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files of the repository (the features map, the READMEs, the decision records):
 * each name must still lead to a file or folder, so a rename or a removal that forgets the docs
 * shows here. Decision numbers run without a gap: a number with no record is marked withdrawn in
 * the decisions index.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Folders that hold no docs and no source: dependencies, builds, reports. */
const SKIPPED = new Set(['node_modules', 'dist', 'reports', '.git', 'coverage', 'test-results']);

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else found.push(relative(root, path));
  }
  return found;
}

const files = walk(root);
const DECISIONS = 'docs/decisions';
const docs = [
  'docs/features.md',
  ...files.filter((file) => file.endsWith('README.md')),
  ...files.filter((file) => file.startsWith(`${DECISIONS}/`) && /\/\d{4}-.*\.md$/.test(file)),
];

/** The first part of a path a doc names: the repository's folders, or a package's own. */
const FROM_ROOT = /^(apps|packages|machines|docs|\.ci)\//;
const IN_A_PACKAGE = /^(src|scripts|e2e|test|bench|public|reliability|migrations)\//;
/** Paths of what a build or a run makes: not in the repository, by design. */
const MADE = /(^|\/)(dist|reports|node_modules|test-results|screenshots)(\/|$)/;

/** The package (or the repository) a doc belongs to: the nearest folder with a package.json. */
function packageOf(doc: string): string {
  for (let dir = dirname(doc); dir !== '.' && dir !== ''; dir = dirname(dir)) {
    if (existsSync(join(root, dir, 'package.json'))) return dir;
  }
  return '.';
}

/** The repository paths a doc names in code spans (`apps/web/src/main.tsx`) and in its links. */
export function namedPaths(text: string): { path: string; link: boolean }[] {
  const named: { path: string; link: boolean }[] = [];
  for (const [, span = ''] of text.matchAll(/`([^`\n]+)`/g)) {
    // A line number or an anchor after the path (`file.ts:12`, `file.md#part`) is not its name.
    const path = span.replace(/[:#].*$/, '').replace(/\/$/, '');
    if (!FROM_ROOT.test(path) && !IN_A_PACKAGE.test(path)) continue;
    if (/[\s*{}<>]|\.\.\./.test(path) || MADE.test(path)) continue;
    named.push({ path, link: false });
  }
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target) || target.includes('NNNN')) continue;
    named.push({ path: target.replace(/#.*$/, ''), link: true });
  }
  return named;
}

/** Whether a path a doc names leads somewhere: from the repository, the doc, or its package. */
function resolves(doc: string, path: string, link: boolean): boolean {
  const from = link ? [dirname(doc)] : [dirname(doc), packageOf(doc), '.'];
  if (from.some((dir) => existsSync(join(root, normalize(join(dir, path)))))) return true;
  // A path inside a package named without the package (`src/api/errors.ts` in a row that names
  // the app before it): some package has it.
  return (
    !link &&
    IN_A_PACKAGE.test(path) &&
    files.some((file) => file.endsWith(`/${path}`) || file.includes(`/${path}/`))
  );
}

describe('the docs', () => {
  it('are found: the features map, the READMEs and the decision records', () => {
    expect(docs).toContain('docs/features.md');
    expect(docs).toContain('README.md');
    expect(docs.filter((doc) => doc.startsWith(DECISIONS)).length).toBeGreaterThan(50);
  });

  it('name only paths that exist', () => {
    const missing = docs.flatMap((doc) =>
      namedPaths(readFileSync(join(root, doc), 'utf8'))
        .filter(({ path, link }) => !resolves(doc, path, link))
        .map(({ path }) => `${doc}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('give every decision number a record, or mark it withdrawn in the index', () => {
    const index = readFileSync(join(root, DECISIONS, 'README.md'), 'utf8');
    const records = new Set(
      docs.flatMap((doc) => {
        const number = new RegExp(`^${DECISIONS}/(\\d{4})-`).exec(doc)?.[1];
        return number === undefined ? [] : [Number(number)];
      }),
    );
    expect(records.size).toBeGreaterThan(50);
    const last = Math.max(...records.keys());
    const gaps: number[] = [];
    for (let number = 1; number <= last; number += 1) {
      if (records.has(number)) continue;
      const row = index.split('\n').find((line) => line.startsWith(`| ${number} `));
      if (row === undefined || !/\|\s*withdrawn\s*\|?\s*$/.test(row)) gaps.push(number);
    }
    expect(gaps).toEqual([]);
  });

  it('find a renamed path (the check itself)', () => {
    const [named] = namedPaths('see `apps/tracker/src/services/check-in.ts`');
    expect(named).toEqual({ path: 'apps/tracker/src/services/check-in.ts', link: false });
    expect(resolves('docs/features.md', named?.path ?? '', false)).toBe(false);
    expect(resolves('docs/features.md', 'apps/tracker/src/services/check-ins.ts', false)).toBe(
      true,
    );
  });
});
