import { SITE_API, TRACKER_API } from '@app/contracts';
import { HttpError, readProfileForm, registerProfileMultipart, routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const FORBIDDEN = new HttpError(
  'SESSION_REQUIRED',
  'You can only update the profile of the account created in this browser.',
);

/**
 * POST /api/users/:id/profile (multipart aboutMe and/or photoFile). Only the browser that created
 * the account may change it. Everything is checked before the tracker sees anything, so a refused
 * upload stores nothing.
 */
export default async function profileRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerProfileMultipart(app);
  app.route({
    ...routeOf(SITE_API.updateProfile),
    config: { body: 'multipart', rateLimit: app.rateLimits.profile, loadCost: 'heavy' },
    handler: async (request) => {
      const { id } = request.params;
      if (request.sessionUserId() !== String(id)) throw FORBIDDEN;
      const { aboutMe, photo } = await readProfileForm(request);
      const form = new FormData();
      if (aboutMe !== undefined) form.set('aboutMe', aboutMe);
      if (photo) {
        form.set('photoFile', new Blob([photo.bytes], { type: photo.mime }), `photo.${photo.ext}`);
      }
      return app.trackerClient.request(TRACKER_API.updateProfile, { params: { id }, form });
    },
  });
}
