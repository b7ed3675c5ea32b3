import { MESSAGES } from '@app/contracts';
import { notFound, readProfileForm } from '@app/server-kit';
import type { FastifyRequest } from 'fastify';
import { newUploadKey } from '../storage.ts';
import type { TrackerContext } from './context.ts';

export async function updateProfile(ctx: TrackerContext, userId: number, request: FastifyRequest) {
  const existing = await ctx.repos.users.get(userId);
  if (!existing) throw notFound('User');
  const form = await readProfileForm(request);
  const changes: { about?: string; image?: string } = {};
  if (form.aboutMe !== undefined) changes.about = form.aboutMe.trim();
  if (form.photo) {
    const key = newUploadKey(form.photo.ext);
    // Stored before the row points at it, so a reader never follows a link to nothing.
    await ctx.storage.put(key, form.photo.bytes);
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
