import { readFileSync } from 'node:fs';
import { DEFAULT_SITE_PORT, localOrigin } from '@app/contracts';
import { parseEnv } from '@app/server-kit';
import {
  closingDefaults,
  leadingLiteral,
  readEnvExample,
  readSettingsTable,
} from '@app/server-kit/testing';
import { EnvSchema as TrackerEnvSchema } from '@app/tracker';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadEnv } from './env.ts';

/*
 * The site's settings are decided in one place, the zod schema of env.ts; `.env.example`, this
 * package's README and the repository's README say them again for people. These tests hold the
 * documents to the schema: every variable named, none made up, each default as the schema has it.
 */

const ROOT = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

const SITE = Object.keys(EnvSchema.shape);
const TRACKER = Object.keys(TrackerEnvSchema.shape);
/** The embedded tracker's settings the site decides for it rather than reading them. */
const SET_BY_THE_SITE = ['TRACKER_HOST'];

/**
 * What a variable comes to when given `value`, next to what it comes to when unset: the same
 * thing when `value` is the default. Paths are taken from the repository's root, as they are
 * when `pnpm start` is typed there.
 */
function outcome(name: string, value: string | undefined) {
  const source = { INIT_CWD: new URL(ROOT).pathname, ...(value ? { [name]: value } : {}) };
  if (SITE.includes(name)) return (loadEnv(source) as Record<string, unknown>)[name];
  return (parseEnv(TrackerEnvSchema, source) as Record<string, unknown>)[name];
}

const hasDefault = (name: string) => {
  const value = outcome(name, undefined);
  return !(value === undefined || value === '' || (Array.isArray(value) && value.length === 0));
};

describe('.env.example', () => {
  const example = readEnvExample(read('.env.example'));

  it('names every variable the site reads, and those its embedded tracker reads', () => {
    const expected = [...new Set([...SITE, ...TRACKER])].filter(
      (name) => !SET_BY_THE_SITE.includes(name),
    );
    expect([...example.keys()].sort()).toEqual(expected.sort());
  });

  it('gives each its default, or leaves it empty when there is none', () => {
    for (const [name, value] of example) {
      if (value === '') {
        expect(hasDefault(name), `${name} is empty in .env.example but has a default`).toBe(false);
      } else {
        expect(outcome(name, value), `${name}=${value}`).toEqual(outcome(name, undefined));
      }
    }
  });
});

describe("the README's table of settings (apps/server/README.md)", () => {
  const rows = readSettingsTable(read('apps/server/README.md'));
  /** Defaults the schema leaves open and the server works out, written with `$` in the table. */
  const derived: Record<string, string> = { SITE_URL: `${localOrigin(DEFAULT_SITE_PORT)}` };

  it('has one row for every variable of the schema', () => {
    expect(rows.flatMap((row) => row.names).sort()).toEqual([...SITE].sort());
  });

  it('gives each default as the schema does', () => {
    for (const { names, cells } of rows) {
      const name = names[0] ?? '';
      const literal = leadingLiteral(cells.default ?? '');
      if (literal?.includes('$')) {
        expect(derived[name], `${name}: a derived default the test does not know`).toBeDefined();
        expect(hasDefault(name)).toBe(false);
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

describe("the repository README's main settings", () => {
  const rows = readSettingsTable(read('README.md'));

  // VITE_ variables are the web build's; OTEL_ ones are read by OpenTelemetry's own code, loaded
  // only when tracing is asked for (packages/server-kit/src/tracing.ts).
  const notTheServers = (name: string) => name.startsWith('VITE_') || name.startsWith('OTEL_');

  it('names only variables the site or the tracker reads (VITE_ ones are the web build, OTEL_ ones OpenTelemetry)', () => {
    const named = rows.flatMap((row) => row.names).filter((name) => !notTheServers(name));
    expect(named.length).toBeGreaterThan(5);
    for (const name of named) expect([...SITE, ...TRACKER], name).toContain(name);
  });

  it('gives the defaults it states as the schemas do', () => {
    for (const { names, cells } of rows) {
      const defaults = closingDefaults(cells.meaning ?? '');
      if (!defaults || names.some(notTheServers)) continue;
      expect(defaults.length, names.join(', ')).toBe(names.length);
      names.forEach((name, i) => {
        expect(outcome(name, defaults[i]), `${name}: ${defaults[i]}`).toEqual(
          outcome(name, undefined),
        );
      });
    }
  });
});
