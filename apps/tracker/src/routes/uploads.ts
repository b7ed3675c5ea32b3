import { UPLOADS_PATH } from '@app/contracts';
import { notFound } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_KEY_PATTERN } from '../storage.ts';

/** Photos, public (no API key): the site links to them from <img> tags. */
export async function uploadRoutes(app: FastifyInstance) {
  const { storage } = app;

  app.get<{ Params: { '*': string } }>(
    `${UPLOADS_PATH}/*`,
    {
      config: { public: true },
      schema: {
        description: 'A photo: seed/<name>.svg or u/<random>.<ext>',
        produces: ['image/*'],
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!UPLOAD_KEY_PATTERN.test(key)) throw notFound('Photo');
      const photo = await storage.get(key);
      if (!photo) throw notFound('Photo');
      const etag = `"${photo.sha256}"`;
      reply
        .header('etag', etag)
        // Uploaded keys are random and never rewritten; seed photos may change with a release.
        .header(
          'cache-control',
          key.startsWith('u/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
        );
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return (
        reply
          .header('content-type', photo.contentType)
          .header('x-content-type-options', 'nosniff')
          // An SVG opened directly must not run script or load anything.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          )
          .send(photo.bytes)
      );
    },
  );
}

/** If-None-Match against our ETag (RFC 9110 13.1.2: weak comparison, `*`, a list). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
