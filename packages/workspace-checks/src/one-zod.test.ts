import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** An import or re-export of zod's classic API (`zod`, `zod/v4`, `zod/v4/classic`). */
const CLASSIC = /\bfrom\s+['"]zod(?:\/v4(?:\/classic)?)?['"]|\bimport\(\s*['"]zod['"]\s*\)/;

/**
 * Every schema is written with `zod/mini` (decision 40). One module that imports the classic API
 * brings all of it (about 28 KiB of gzip that no bundler can leave out) into every bundle that
 * reaches that module, and the two styles would be read side by side.
 */
describe('zod in the workspace', () => {
  it('is imported as zod/mini everywhere', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '-z', '--', 'apps', 'machines', 'packages', 'scripts'],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\0')
      .filter((file) => /\.(ts|tsx|mts|mjs|js)$/.test(file));
    // Sanity: the schemas themselves are among the files read, and they do use zod/mini.
    expect(files).toContain('packages/contracts/src/schemas.ts');
    expect(readFileSync(join(ROOT, 'packages/contracts/src/schemas.ts'), 'utf8')).toMatch(
      /from 'zod\/mini'/,
    );
    const classic = files.filter((file) => CLASSIC.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(classic).toEqual([]);
  });
});
