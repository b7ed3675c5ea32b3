import {
  detectImageType,
  IMAGE_SIGNATURE_BYTES,
  type ImageType,
  MESSAGES,
  PathId,
  ProfileFields,
  ProfileResponse,
} from '@app/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, HttpError } from '../errors.ts';
import { trackerAnswer } from '../plugins/app/tracker.ts';
import { registerMultipart } from '../plugins/external/multipart.ts';
import { parseInput } from '../validation.ts';

const FORBIDDEN = new HttpError(
  403,
  ERROR_CODES.sessionRequired,
  'You can only update the profile of the account created in this browser.',
);

const INVALID_ID = new HttpError(
  400,
  ERROR_CODES.validation,
  'The account id in the path must be a positive whole number.',
);

interface Photo extends ImageType {
  bytes: Buffer;
}

/**
 * Reads the photo as it streams in: the type is checked on the first bytes (a non-image stops the
 * upload there) and the 5 MB cap is enforced by the parser's file-size limit.
 */
async function readPhoto(part: MultipartFile): Promise<Photo | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let image: ImageType | null = null;
  for await (const chunk of part.file) {
    chunks.push(chunk);
    size += chunk.length;
    if (part.file.truncated) {
      throw new HttpError(413, ERROR_CODES.photoTooLarge, MESSAGES.photoTooLarge);
    }
    if (!image && size >= IMAGE_SIGNATURE_BYTES) {
      image = detectImageType(Buffer.concat(chunks));
      if (!image) throw new HttpError(415, ERROR_CODES.photoNotImage, MESSAGES.photoNotImage);
    }
  }
  if (part.file.truncated)
    throw new HttpError(413, ERROR_CODES.photoTooLarge, MESSAGES.photoTooLarge);
  // A file input left empty still sends an empty part: that is "no photo", not a bad one.
  if (size === 0) return null;
  if (!image) throw new HttpError(415, ERROR_CODES.photoNotImage, MESSAGES.photoNotImage);
  return { bytes: Buffer.concat(chunks, size), ...image };
}

/**
 * POST /api/users/:id/profile (multipart aboutMe and/or photoFile). Only the browser that created
 * the account may change it. Everything is checked before the tracker sees anything, so a refused
 * upload stores nothing.
 */
export default async function profileRoute(app: FastifyInstance) {
  await registerMultipart(app);
  app.post<{ Params: { id: string } }>(
    '/api/users/:id/profile',
    { config: { body: 'multipart', rateLimit: app.rateLimits.profile } },
    async (request) => {
      const parsedId = PathId.safeParse(request.params.id);
      if (!parsedId.success) throw INVALID_ID;
      const id = parsedId.data;
      if (request.sessionUserId() !== String(id)) throw FORBIDDEN;

      let aboutMe: string | undefined;
      let photo: Photo | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'photoFile') {
              throw new HttpError(
                400,
                ERROR_CODES.validation,
                `Unexpected file field "${part.fieldname}"; send the photo as photoFile.`,
              );
            }
            photo = await readPhoto(part);
          } else if (part.fieldname === 'photoFile' && part.value === '') {
            // Some browsers send a file input left empty as a plain empty field: no photo.
          } else {
            if (part.fieldname !== 'aboutMe') {
              throw new HttpError(
                400,
                ERROR_CODES.validation,
                `Unexpected field "${part.fieldname}"; send aboutMe and photoFile only.`,
              );
            }
            // A value cut at the field-size limit is still far over the schema's length, so the
            // schema refuses it with its own message.
            aboutMe = parseInput(ProfileFields, { aboutMe: part.value }).aboutMe;
          }
        }
      } catch (error) {
        // Our answers and @fastify/multipart's limits (FST_*, see the error handler) stand; what
        // else the parser throws (no boundary, a body cut short, a malformed header) is the client's.
        if (error instanceof HttpError || (error instanceof Error && 'code' in error)) throw error;
        throw new HttpError(400, ERROR_CODES.invalidMultipart, 'The form data could not be read.');
      }
      if (aboutMe === undefined && !photo) {
        throw new HttpError(
          400,
          ERROR_CODES.validation,
          'Send a photo, an about-me text, or both.',
        );
      }

      const form = new FormData();
      if (aboutMe !== undefined) form.set('aboutMe', aboutMe);
      if (photo) {
        form.set('photoFile', new Blob([photo.bytes], { type: photo.mime }), `photo.${photo.ext}`);
      }
      const response = await app.trackerClient.send('POST', `/users/${id}/profile`, { form });
      return trackerAnswer(ProfileResponse, response);
    },
  );
}
