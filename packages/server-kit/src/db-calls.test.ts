import { describe, expect, it } from 'vitest';
import { dbCallTracer, operationOf } from './db-calls.ts';

describe('database call spans', () => {
  it('name a statement by its first keyword alone, never by what follows', () => {
    expect(operationOf('select "id" from "users" where "email" = $1')).toBe('SELECT');
    expect(operationOf("  -- the seed\n/* a note */ INSERT INTO users VALUES ('a@b.c')")).toBe(
      'INSERT',
    );
    expect(operationOf('with due as (select 1) update reminders set sent = true')).toBe('WITH');
    expect(operationOf('')).toBe('QUERY');
    expect(operationOf("'a@b.c'")).toBe('QUERY');
  });

  it('are not made while tracing is off', () => {
    expect(dbCallTracer()).toBeUndefined();
  });
});
