import { MAX_PHOTO_BYTES, MESSAGES, ProfileResponse, UPLOADS_PATH } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGES, multipart, newUser, type TestTracker, testTracker, userRow } from './helpers.ts';

let t: TestTracker;
let userId: number;
beforeAll(async () => {
  t = await testTracker();
  userId = (await t.call({ method: 'POST', url: '/users', payload: newUser() })).json().user.id;
});
afterAll(async () => {
  await t?.close();
});

const send = (id: number | string, form: ReturnType<typeof multipart>) =>
  t.call({ method: 'POST', url: `/users/${id}/profile`, ...form });

describe('POST /users/:id/profile', () => {
  it(`saves about me and a photo, and serves the photo at ${UPLOADS_PATH}/`, async () => {
    const res = await send(
      userId,
      multipart([
        { name: 'aboutMe', value: 'I run before work.' },
        { name: 'photoFile', filename: 'me.png', type: 'image/png', data: IMAGES.png },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const body = ProfileResponse.parse(res.json());
    expect(body.message).toBe(MESSAGES.profileUpdated);
    expect(body.photo).toMatch(/^u\/[0-9a-f]{32}\.png$/);
    expect(res.json().user).toMatchObject({
      id: userId,
      photo: body.photo,
      about: 'I run before work.',
    });

    const user = await userRow(t, userId);
    expect(user).toMatchObject({ image: body.photo, about: 'I run before work.' });

    const photo = await t.app.inject({ url: `${UPLOADS_PATH}/${body.photo}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(IMAGES.png)).toBe(true);
  });

  it('deletes the photo it replaces once the new one is saved', async () => {
    const id = (await t.call({ method: 'POST', url: '/users', payload: newUser() })).json().user.id;
    const upload = async (data: Buffer) =>
      ProfileResponse.parse(
        (
          await send(
            id,
            multipart([{ name: 'photoFile', filename: 'me.png', type: 'image/png', data }]),
          )
        ).json(),
      ).photo;
    const first = await upload(IMAGES.png);
    const second = await upload(IMAGES.gif);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: `${UPLOADS_PATH}/${second}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${UPLOADS_PATH}/${first}` })).statusCode).toBe(404);
    // About me alone keeps the photo.
    await send(id, multipart([{ name: 'aboutMe', value: 'Still me.' }]));
    expect((await t.app.inject({ url: `${UPLOADS_PATH}/${second}` })).statusCode).toBe(200);
  });

  it('recognises each image type by its content, not its name or declared type', async () => {
    for (const [ext, data] of Object.entries(IMAGES)) {
      const res = await send(
        userId,
        multipart([{ name: 'photoFile', filename: 'photo.txt', type: 'text/plain', data }]),
      );
      expect(res.statusCode, ext).toBe(200);
      expect(res.json().photo).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('refuses a file that is not an image, whatever it is called', async () => {
    const res = await send(
      userId,
      multipart([
        {
          name: 'photoFile',
          filename: 'cat.png',
          type: 'image/png',
          data: Buffer.from('<svg onload=alert(1)>'),
        },
      ]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MESSAGES.photoNotImage, code: 'PHOTO_NOT_IMAGE' });
  });

  it('refuses a photo over 5 MB with 413 and the spec message', async () => {
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(MAX_PHOTO_BYTES)]);
    const res = await send(
      userId,
      multipart([{ name: 'photoFile', filename: 'big.png', type: 'image/png', data: big }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MESSAGES.photoTooLarge, code: 'PHOTO_TOO_LARGE' });
  });

  it('accepts a photo of exactly 5 MB', async () => {
    const exact = Buffer.concat([IMAGES.png, Buffer.alloc(MAX_PHOTO_BYTES - IMAGES.png.length)]);
    const res = await send(
      userId,
      multipart([{ name: 'photoFile', filename: 'exact.png', type: 'image/png', data: exact }]),
    );
    expect(res.statusCode).toBe(200);
  });

  it('updates about me alone, and treats an empty file field as no photo', async () => {
    const before = (await userRow(t, userId)).image;
    const res = await send(
      userId,
      multipart([
        { name: 'aboutMe', value: 'New text' },
        {
          name: 'photoFile',
          filename: '',
          type: 'application/octet-stream',
          data: Buffer.alloc(0),
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ about: 'New text', photo: before });
  });

  it('answers 400 when there is nothing to update or about me is too long', async () => {
    const empty = await send(userId, multipart([{ name: 'photoFile', value: '' }]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('NOTHING_TO_UPDATE');
    const other = await send(userId, multipart([{ name: 'other', value: 'x' }]));
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('VALIDATION_ERROR');
    const long = await send(userId, multipart([{ name: 'aboutMe', value: 'x'.repeat(2001) }]));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 400 for a file in another field', async () => {
    const res = await send(
      userId,
      multipart([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: IMAGES.png }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNEXPECTED_FILE');
  });

  it('answers 415 when the body is not multipart', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/users/${userId}/profile`,
      payload: { aboutMe: 'x' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const form = () => multipart([{ name: 'aboutMe', value: 'x' }]);
    const missing = await send(999999, form());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await send('abc', form())).statusCode).toBe(400);
    expect((await send(9999999999, form())).statusCode).toBe(404);
  });

  it('answers 400 for a multipart body it cannot read, and for a NUL in about me', async () => {
    const before = (await userRow(t, userId)).about;
    const bodies = [
      { type: 'multipart/form-data', payload: 'abc' },
      {
        type: 'multipart/form-data; boundary=xyz',
        payload: '--xyz\r\nContent-Disposition: form-data; name="aboutMe"\r\n\r\ncut short',
      },
      {
        type: 'multipart/form-data; boundary=xyz',
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="aboutMe"\r\n\r\na\u0000b\r\n--xyz--\r\n',
      },
    ];
    for (const body of bodies) {
      const res = await send(userId, {
        payload: Buffer.from(body.payload),
        headers: { 'content-type': body.type },
      });
      expect(res.statusCode, body.payload).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect((await userRow(t, userId)).about).toBe(before);
  });
});
