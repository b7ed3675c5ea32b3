import { MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { BaseEnv, EnvError, parseEnv } from './env.ts';
import { ERROR_STATUS, HttpError } from './errors.ts';
import { parseInput } from './validation.ts';

describe('error codes', () => {
  it('give every code one status, the photo type one included', () => {
    expect(new HttpError('PHOTO_NOT_IMAGE', 'x').statusCode).toBe(415);
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('parseInput', () => {
  const Form = z.object({
    name: z.string().check(z.minLength(1, MESSAGES.required)),
    email: z.email(MESSAGES.validEmail),
  });

  it('names the field of a generic message and leaves a self-explaining one alone', () => {
    expect(() => parseInput(Form, { name: '', email: 'a@b.c' })).toThrow('name: Required');
    expect(() => parseInput(Form, { name: 'Ada', email: 'nope' })).toThrow(
      /^Please enter a valid email address$/,
    );
  });

  it('refuses text holding a NUL character before anything else, naming where', () => {
    expect(() => parseInput(Form, { name: 'A\0', email: 'bad' })).toThrow(/^name: .*NUL/);
  });
});

describe('parseEnv', () => {
  const Env = z.extend(BaseEnv, { PORT: z._default(z.coerce.number().check(z.int()), 3000) });

  it('takes a blank variable as unset and applies the defaults', () => {
    const env = parseEnv(Env, { PORT: ' ', DATABASE_URL: '' });
    expect(env).toMatchObject({ PORT: 3000, LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    const attempt = () => parseEnv(Env, { PORT: 'x', DATABASE_URL: 'mysql://db' });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
  });
});
