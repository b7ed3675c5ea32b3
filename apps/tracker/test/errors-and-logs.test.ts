import { Writable } from 'node:stream';
import { INTERNAL_MESSAGE } from '@app/server-kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableError } from '../src/errors.ts';
import type { PhotoStorage } from '../src/storage.ts';
import { IMAGES, multipart, newUser, type TestTracker, testTracker } from './helpers.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const brokenStorage: PhotoStorage = {
  async put() {
    throw new Error('disk quota exceeded at /secret/path');
  },
  async get() {
    return null;
  },
  async remove() {},
};

let t: TestTracker;
beforeAll(async () => {
  t = await testTracker({ logger: { level: 'trace', stream }, storage: brokenStorage });
});
afterAll(async () => {
  await t?.close();
});

describe('server faults and logs', () => {
  it('answers a fault of its own with a 500 that reveals nothing, and logs it', async () => {
    const id = (await t.call({ method: 'POST', url: '/users', payload: newUser() })).json().user.id;
    const res = await t.call({
      method: 'POST',
      url: `/users/${id}/profile`,
      ...multipart([{ name: 'photoFile', filename: 'a.png', type: 'image/png', data: IMAGES.png }]),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: INTERNAL_MESSAGE, code: 'INTERNAL_ERROR' });
    expect(lines.join('')).toContain('disk quota exceeded');
  });

  it('never writes a password, its hash or the API key to the log, even at trace level', async () => {
    const body = newUser({ password: 'a-very-distinctive-passphrase' });
    const res = await t.call({ method: 'POST', url: '/users', payload: body });
    expect(res.statusCode).toBe(201);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(body.password);
    expect(log).not.toContain('scrypt$');
    expect(log).not.toContain(t.app.apiKey);
  });

  it('logs a failed query by its SQL and cause, never by its parameters', async () => {
    const hash = 'scrypt$17$8$1$c2VjcmV0$aGFzaA==';
    const failure = await t.app.database.db.execute(sql`select ${hash}::integer`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(failure)).toContain(hash);
    const logged = loggableError(failure);
    expect(String(logged)).not.toContain(hash);
    expect(String(logged)).toContain('select $1::integer');
    expect(String(logged)).toMatch(/invalid input syntax for type integer/);
  });
});
