import {
  detectImageType,
  IMAGE_SIGNATURE_BYTES,
  type ImageType,
  MAX_PHOTO_BYTES,
  MESSAGES,
  ProfileFields,
} from '@app/contracts';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { parseInput } from './validation.ts';

/** Longest about-me text accepted, in bytes: 2000 characters of up to 4 UTF-8 bytes each. */
export const MAX_FIELD_BYTES = 8 * 1024;

/**
 * Multipart parsing for the profile form, registered only where it is taken. The body limit does
 * not cover multipart, so every limit is explicit: one file of at most 5 MB (spec 9), the two
 * fields, short headers.
 */
export async function registerProfileMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_PHOTO_BYTES,
      files: 1,
      fields: 2,
      parts: 3,
      fieldNameSize: 100,
      fieldSize: MAX_FIELD_BYTES,
      headerPairs: 20,
    },
  });
}

/**
 * The route schema's part for the profile form. The form is read part by part as it streams in
 * (readProfileForm), so the body Fastify validates is always null; the schema is for the API's
 * document.
 */
export { profileFormSchema } from '@app/contracts';

export interface Photo extends ImageType {
  bytes: Buffer;
}

export interface ProfileForm {
  aboutMe: string | undefined;
  photo: Photo | null;
}

const photoTooLarge = () => new HttpError('PHOTO_TOO_LARGE', MESSAGES.photoTooLarge);
const photoNotImage = () => new HttpError('PHOTO_NOT_IMAGE', MESSAGES.photoNotImage);

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
    if (part.file.truncated) throw photoTooLarge();
    if (!image && size >= IMAGE_SIGNATURE_BYTES) {
      image = detectImageType(Buffer.concat(chunks));
      if (!image) throw photoNotImage();
    }
  }
  if (part.file.truncated) throw photoTooLarge();
  // A file input left empty still sends an empty part: that is "no photo", not a bad one.
  if (size === 0) return null;
  if (!image) throw photoNotImage();
  return { bytes: Buffer.concat(chunks, size), ...image };
}

/**
 * The profile form (spec 7): `aboutMe` text and/or one `photoFile`, an image told by its content.
 * Anything else in the form, or a form with neither, is a 400; a body the parser cannot read too.
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the profile as multipart/form-data.');
  }
  let aboutMe: string | undefined;
  let photo: Photo | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photoFile') {
          throw new HttpError(
            'UNEXPECTED_FILE',
            `Unexpected file field "${part.fieldname}"; send the photo as photoFile.`,
          );
        }
        photo = await readPhoto(part);
      } else if (part.fieldname === 'photoFile' && part.value === '') {
        // Some browsers send a file input left empty as a plain empty field: no photo.
      } else if (part.fieldname === 'aboutMe') {
        // A value cut at the field-size limit is still far over the schema's length, so the
        // schema refuses it with its own message.
        aboutMe = parseInput(ProfileFields, { aboutMe: part.value }).aboutMe;
      } else {
        throw new HttpError(
          'VALIDATION_ERROR',
          `Unexpected field "${part.fieldname}"; send aboutMe and photoFile only.`,
        );
      }
    }
  } catch (error) {
    // Our answers and @fastify/multipart's limits (FST_*, see the error handler) stand; what else
    // the parser throws (no boundary, a body cut short, a malformed header) is the client's.
    if (error instanceof HttpError || (error instanceof Error && 'code' in error)) throw error;
    throw new HttpError('INVALID_MULTIPART', 'The form data could not be read.');
  }
  if (aboutMe === undefined && !photo) {
    throw new HttpError('NOTHING_TO_UPDATE', 'Send a photo, an about-me text, or both.');
  }
  return { aboutMe, photo };
}
