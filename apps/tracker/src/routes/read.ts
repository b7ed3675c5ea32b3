import { TRACKER_API } from '@app/contracts';
import { routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toPublicUser } from '../repositories/users.ts';
import { found } from './ids.ts';

export async function readRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;
  const { now } = app.trackerConfig;

  app.route({
    ...routeOf(TRACKER_API.health),
    config: { public: true },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({ ...routeOf(TRACKER_API.listTeams), handler: async () => repos.teams.list(now()) });

  app.route({
    ...routeOf(TRACKER_API.getTeam),
    handler: async (request) =>
      found('Team', request.params.id, (id) => repos.teams.get(id, now())),
  });

  app.route({
    ...routeOf(TRACKER_API.getMember),
    // Only members are public: an applicant or a former member answers like an unknown id.
    handler: async (request) =>
      toPublicUser(await found('User', request.params.id, (id) => repos.users.getMember(id))),
  });

  app.route({
    ...routeOf(TRACKER_API.getOwnUser),
    // The same record for its owner (the site asks only for the account its session created):
    // every user, with the status of their place on a team.
    handler: async (request) =>
      toPublicUser(await found('User', request.params.id, (id) => repos.users.getOwn(id))),
  });

  app.route({
    ...routeOf(TRACKER_API.listFocusAreas),
    handler: async () => ({ focusAreas: await repos.catalogue.focusAreas() }),
  });

  app.route({
    ...routeOf(TRACKER_API.listRoleAreas),
    handler: async () => ({ roleAreas: await repos.catalogue.roleAreas() }),
  });
}
