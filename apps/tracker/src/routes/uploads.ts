import { notFound } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import { MIME_BY_EXT } from '../image.ts';
import { UPLOAD_KEY_PATTERN } from '../storage.ts';

/** Photos, public (no API key): the site links to them from <img> tags. */
export async function uploadRoutes(app: FastifyInstance) {
  const { storage } = app;

  app.get<{ Params: { '*': string } }>(
    '/uploads/*',
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
      const data = await storage.get(key);
      if (!data) throw notFound('Photo');
      const ext = key.slice(key.lastIndexOf('.') + 1);
      return (
        reply
          .header('content-type', MIME_BY_EXT[ext] ?? 'application/octet-stream')
          .header('x-content-type-options', 'nosniff')
          // An SVG opened directly must not run script or load anything.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          )
          // Uploaded keys are random and never rewritten; seed photos may change with a release.
          .header(
            'cache-control',
            key.startsWith('u/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
          )
          .send(data)
      );
    },
  );
}
