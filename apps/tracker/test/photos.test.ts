import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ProfileResponse, UPLOADS_PATH } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../src/db/schema.ts';
import { buildFrontDoor } from '../src/front-door/app.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';
import { API_KEY, IMAGES, multipart, newUser, useTestTracker } from './helpers.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A new account's photo, uploaded through `app`: its key. */
async function uploadPhoto(app: FastifyInstance, bytes: Buffer): Promise<string> {
  const call = (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { 'x-api-key': API_KEY, ...(opts.headers ?? {}) } });
  const created = await call({ method: 'POST', url: '/users', payload: newUser() });
  const id = created.json().user.id;
  const form = multipart([
    { name: 'photoFile', filename: 'me.png', type: 'image/png', data: bytes },
  ]);
  const saved = await call({
    method: 'POST',
    url: `/users/${id}/profile`,
    payload: form.payload,
    headers: form.headers,
  });
  expect(saved.statusCode).toBe(200);
  const key = ProfileResponse.parse(saved.json()).photo;
  if (!key) throw new Error('no photo key');
  return key;
}

/** GET UPLOADS_PATH/<key> serves the bytes with a strong ETag, long cache, and 304 when it matches. */
async function expectServed(app: FastifyInstance, key: string, bytes: Buffer) {
  const photo = await app.inject({ url: `${UPLOADS_PATH}/${key}` });
  expect(photo.statusCode).toBe(200);
  expect(photo.rawPayload).toEqual(bytes);
  expect(photo.headers['content-type']).toBe('image/png');
  const etag = `"${sha256(bytes)}"`;
  expect(photo.headers.etag).toBe(etag);
  expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const again = await app.inject({
    url: `${UPLOADS_PATH}/${key}`,
    headers: { 'if-none-match': etag },
  });
  expect(again.statusCode).toBe(304);
  expect(again.rawPayload.length).toBe(0);
  expect(again.headers.etag).toBe(etag);
  const listed = await app.inject({
    url: `${UPLOADS_PATH}/${key}`,
    headers: { 'if-none-match': `"other", W/${etag}` },
  });
  expect(listed.statusCode).toBe(304);
  const stale = await app.inject({
    url: `${UPLOADS_PATH}/${key}`,
    headers: { 'if-none-match': '"x"' },
  });
  expect(stale.statusCode).toBe(200);
}

describe(`GET ${UPLOADS_PATH}/*`, () => {
  const t = useTestTracker({ apiKey: API_KEY });

  it('serves an upload with its SHA-256 as a strong ETag, cached for a year, 304 when unchanged', async () => {
    const key = await uploadPhoto(t.app, IMAGES.png);
    await expectServed(t.app, key, IMAGES.png);
  });

  it('serves a seed photo with an ETag too, cached for a day', async () => {
    const photo = await t.app.inject({ url: `${UPLOADS_PATH}/seed/maya-thompson.svg` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers.etag).toBe(`"${sha256(photo.rawPayload)}"`);
    expect(photo.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe.skipIf(!onPostgres)('photos in PostgreSQL, shared by every tracker on it', () => {
  let database: TestDatabase;
  let otherDataDir: string;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let secondDoor: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    otherDataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-test-second-'));
    const on = { databaseUrl: database.databaseUrl, apiKey: API_KEY, env: {} };
    first = await buildTracker({ ...on, dataDir: database.dataDir });
    second = await buildTracker({ ...on, dataDir: otherDataDir });
    secondDoor = await buildFrontDoor(second, second.log);
  });
  afterAll(async () => {
    await secondDoor?.close();
    await second?.close();
    await first?.close();
    await rm(otherDataDir, { recursive: true, force: true });
    await database?.cleanup();
  });

  it('serves a photo uploaded through one tracker from the other, on its API and its front door', async () => {
    const bytes = Buffer.concat([IMAGES.png, randomBytes(64)]);
    const key = await uploadPhoto(first, bytes);
    await expectServed(second, key, bytes);
    await expectServed(secondDoor, key, bytes);

    const [row] = await first.database.db.select().from(photos).where(eq(photos.key, key));
    expect(row).toMatchObject({
      contentType: 'image/png',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    // Nothing on either tracker's disk.
    for (const dir of [database.dataDir, otherDataDir]) {
      const files = await readdir(path.join(dir, 'uploads', 'u')).catch(() => []);
      expect(files).toEqual([]);
    }
  });

  it('photos:move moves the files of a data directory into the database, and again changes nothing', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-test-move-'));
    const uploads = path.join(dataDir, 'uploads', 'u');
    await mkdir(uploads, { recursive: true });
    const bytes = Buffer.concat([IMAGES.png, randomBytes(32)]);
    const name = `${randomBytes(16).toString('hex')}.png`;
    await writeFile(path.join(uploads, name), bytes);
    // A half-written file is not a photo: it stays.
    await writeFile(path.join(uploads, `${name}.123.tmp`), bytes);
    const move = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../src/photos-cli.ts', import.meta.url))],
        {
          env: {
            PATH: process.env.PATH ?? '',
            DATABASE_URL: database.databaseUrl ?? '',
            TRACKER_DATA_DIR: dataDir,
          },
        },
      );
    try {
      const once = await move();
      expect(once.stdout).toContain(`Moved 1 photos from ${path.join(dataDir, 'uploads')}`);
      expect(await readdir(uploads)).toEqual([`${name}.123.tmp`]);
      await expectServed(second, `u/${name}`, bytes);

      const twice = await move();
      expect(twice.stdout).toContain('Moved 0 photos');
      expect(twice.stdout).toContain('0 were there already');
      await expectServed(second, `u/${name}`, bytes);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
