import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import encodingNegotiator from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The encodings answers are compressed with, preferred first. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Answers smaller than this many bytes go as they are. */
const THRESHOLD = 1024;
/** @fastify/compress's own default brotli quality: fast enough to run on every answer. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses JSON and static files alike, brotli first (@fastify/static does not compress on its
 * own): the site and the tracker's front door both send their scripts this way.
 */
export const compression = fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      threshold: THRESHOLD,
      encodings: [...ENCODINGS],
      brotliOptions: BROTLI_OPTIONS,
    });
  },
  { name: 'compression' },
);

/**
 * The encoding the compression plugin would send a JSON answer of `bytes` bytes in, for this
 * request; null when it would send it as it is. For an answer sent many times (a cached read),
 * which is compressed once with `encodeAnswer` and sent with its Content-Encoding: the plugin
 * then passes it on untouched.
 */
export function answerEncoding(request: FastifyRequest, bytes: number): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || bytes < THRESHOLD) return null;
  if (request.headers['x-no-compression'] !== undefined) return null;
  // As the plugin reads the header: "*" and "x-gzip" stand for gzip.
  const chosen = encodingNegotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [
    ...ENCODINGS,
  ]);
  return ENCODINGS.find((encoding) => encoding === chosen) ?? null;
}

/** `body` compressed as the compression plugin compresses it. */
export function encodeAnswer(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body);
}
