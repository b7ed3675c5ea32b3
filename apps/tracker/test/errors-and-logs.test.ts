import { Writable } from 'node:stream';
import { INTERNAL_MESSAGE } from '@app/server-kit';
import { rawExchange } from '@app/server-kit/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from '../src/errors.ts';
import type { PhotoStorage } from '../src/storage.ts';
import { IMAGES, multipart, newUser, useTestTracker } from './helpers.ts';

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

const t = useTestTracker({ logger: { level: 'trace', stream }, storage: brokenStorage });

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

describe('bodies and requests it cannot read', () => {
  /** The error envelope both servers answer with: a stable code and a message, nothing else. */
  const envelope = (code: string) => ({ message: expect.any(String), code });

  it.each([
    ['bad JSON', 'application/json', '{"email":', 400, 'INVALID_JSON'],
    ['an empty JSON body', 'application/json', '', 400, 'INVALID_JSON'],
    ['text/plain', 'text/plain', 'hello', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['XML', 'application/xml', '<user/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a body over the limit',
      'application/json',
      `{"a":"${'x'.repeat(1_100_000)}"}`,
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('answers %s in the error envelope', async (_what, type, payload, status, code) => {
    const res = await t.call({
      method: 'POST',
      url: '/users',
      headers: { 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(envelope(code));
  });

  it("answers what Node's HTTP parser cannot read in the envelope, with security headers", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const [request, status, code] of [
      ['GET /health HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n', 400, 'BAD_REQUEST'],
      [
        `GET /health HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
      ],
      ['POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'BAD_REQUEST'],
    ] as const) {
      const answer = await rawExchange(port, request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(JSON.parse(body)).toEqual(envelope(code));
      expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(head.toLowerCase()).toContain('connection: close');
    }
  });
});
