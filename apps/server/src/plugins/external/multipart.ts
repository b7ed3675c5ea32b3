import { MAX_PHOTO_BYTES } from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Longest about-me text accepted, in bytes: 2000 characters of up to 4 UTF-8 bytes each. */
export const MAX_FIELD_BYTES = 8 * 1024;

/**
 * Multipart parsing, registered only where it is taken (the profile step), so no other route
 * parses multipart. The body limit does not cover multipart, so every limit is explicit: one
 * file of at most 5 MB (spec 9), a couple of small fields, short headers.
 */
export async function registerMultipart(app: FastifyInstance) {
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
