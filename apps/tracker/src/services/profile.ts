import { detectImageType, MESSAGES, ProfileFields } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError, notFound, nulCharacter, parseInput } from '../errors.ts';
import { newUploadKey } from '../storage.ts';
import type { TrackerContext } from './context.ts';

/** Reads the multipart profile form: `aboutMe` (text) and `photoFile` (an image, checked by content). */
async function readProfileForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'NOT_MULTIPART', 'Send the profile as multipart/form-data.');
  }
  let aboutMe: string | undefined;
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // toBuffer throws the 413 (see the error handler) as soon as the file passes the limit.
        const data = await part.toBuffer();
        if (part.fieldname !== 'photoFile') {
          throw new HttpError(400, 'UNEXPECTED_FILE', `Unexpected file field "${part.fieldname}".`);
        }
        // A form with no file chosen still sends an empty, unnamed part: that is "no photo".
        if (data.length === 0 && !part.filename) continue;
        photo = data;
      } else if (part.fieldname === 'aboutMe') {
        aboutMe = String(part.value);
        if (aboutMe.includes('\0')) throw nulCharacter('aboutMe');
      }
    }
  } catch (error) {
    // Our answers and @fastify/multipart's limits (FST_*) stand; anything else the parser threw
    // (no boundary, a body cut short, a malformed header) is a body the client got wrong.
    if (error instanceof HttpError || (error instanceof Error && 'code' in error)) throw error;
    throw new HttpError(400, 'INVALID_MULTIPART', 'The multipart body could not be read.');
  }
  return { aboutMe: parseInput(ProfileFields, { aboutMe }).aboutMe, photo };
}

export async function updateProfile(ctx: TrackerContext, userId: number, request: FastifyRequest) {
  const existing = await ctx.repos.users.get(userId);
  if (!existing) throw notFound('User');
  const form = await readProfileForm(request);
  if (form.aboutMe === undefined && form.photo === undefined) {
    throw new HttpError(400, 'NOTHING_TO_UPDATE', 'Send aboutMe, photoFile or both.');
  }
  const changes: { about?: string; image?: string } = {};
  if (form.aboutMe !== undefined) changes.about = form.aboutMe.trim();
  if (form.photo !== undefined) {
    const type = detectImageType(form.photo);
    if (!type) throw new HttpError(400, 'PHOTO_NOT_IMAGE', MESSAGES.photoNotImage);
    const key = newUploadKey(type.ext);
    // Stored before the row points at it, so a reader never follows a link to nothing.
    await ctx.storage.put(key, form.photo);
    changes.image = key;
  }
  let user: Awaited<ReturnType<typeof ctx.repos.users.updateProfile>>;
  try {
    user = await ctx.repos.users.updateProfile(userId, changes);
  } catch (error) {
    if (changes.image) await ctx.storage.remove(changes.image).catch(() => undefined);
    throw error;
  }
  if (!user) {
    if (changes.image) await ctx.storage.remove(changes.image).catch(() => undefined);
    throw notFound('User');
  }
  // The photo it replaced goes once the row points at the new one, so storage holds one per user.
  // A failure here only leaves a file behind; the answer is still the saved profile.
  if (changes.image && existing.image && existing.image !== changes.image) {
    await ctx.storage.remove(existing.image).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not remove a replaced photo');
    });
  }
  return {
    user: { id: user.id, photo: user.image, image: user.image, about: user.about },
    photo: user.image,
    image: user.image,
    message: MESSAGES.profileUpdated,
  };
}
