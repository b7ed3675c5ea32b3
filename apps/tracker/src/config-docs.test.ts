import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SITE_PORT, DEFAULT_TRACKER_PORT, localOrigin } from '@app/contracts';
import { parseEnv, resolveFromCommand } from '@app/server-kit';
import { leadingLiteral, readSettingsTable } from '@app/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config.ts';

/*
 * The tracker's settings are decided in one place, the zod schema of config.ts; this package's
 * README says them again for people. This test holds its table to the schema: every variable
 * named, none made up, each default as the schema has it. (The site's test does the same for
 * `.env.example`, which lists the embedded tracker's variables too.)
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NAMES = Object.keys(EnvSchema.shape);

/** What a variable comes to when given `value` (paths from the repository's root). */
function outcome(name: string, value: string | undefined): unknown {
  const env = parseEnv(EnvSchema, value ? { [name]: value } : {}) as Record<string, unknown>;
  const result = env[name];
  return name === 'TRACKER_DATA_DIR' && typeof result === 'string'
    ? resolveFromCommand(result, { INIT_CWD: ROOT })
    : result;
}

const hasDefault = (name: string) => {
  const value = outcome(name, undefined);
  return !(value === undefined || value === '' || (Array.isArray(value) && value.length === 0));
};

/** Defaults the schema leaves open and the tracker works out when it starts. */
const DERIVED: Record<string, string> = {
  /** `pnpm --filter @app/tracker start` (server.ts); a library tracker takes any free port. */
  TRACKER_PORT: String(DEFAULT_TRACKER_PORT),
  /** siteUrlOf: the site on this machine at its default port. */
  SITE_URL: localOrigin(DEFAULT_SITE_PORT),
};

describe("the README's table of settings (apps/tracker/README.md)", () => {
  const rows = readSettingsTable(readFileSync(new URL('../README.md', import.meta.url), 'utf8'));

  it('has one row for every variable of the schema', () => {
    expect(rows.flatMap((row) => row.names).sort()).toEqual([...NAMES].sort());
  });

  it('gives each default as the schema (or the start, where the schema leaves it) does', () => {
    for (const { names, cells } of rows) {
      const name = names[0] ?? '';
      const literal = leadingLiteral(cells.default ?? '');
      if (DERIVED[name] !== undefined) {
        expect(hasDefault(name), name).toBe(false);
        expect(literal, name).toBe(DERIVED[name]);
      } else if (literal === undefined) {
        expect(hasDefault(name), `${name}: the schema has a default the table does not give`).toBe(
          false,
        );
      } else {
        expect(outcome(name, literal), `${name}: ${literal}`).toEqual(outcome(name, undefined));
      }
    }
  });
});
