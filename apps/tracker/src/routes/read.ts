import { FocusAreaList, PublicUser, RoleAreaList, Team, TeamList } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { toPublicUser } from '../repositories/users.ts';
import { found, IdParams } from './ids.ts';

export async function readRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;
  const { now } = app.trackerConfig;

  app.get(
    '/health',
    {
      config: { public: true },
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get('/teams', { schema: { response: { 200: TeamList } } }, async () =>
    repos.teams.list(now()),
  );

  app.get(
    '/teams/:id',
    { schema: { params: IdParams, response: { 200: Team } } },
    async (request) => found('Team', request.params.id, (id) => repos.teams.get(id, now())),
  );

  app.get(
    '/users/:id',
    { schema: { params: IdParams, response: { 200: PublicUser } } },
    // Only members are public: an applicant or a former member answers like an unknown id.
    async (request) =>
      toPublicUser(await found('User', request.params.id, (id) => repos.users.getMember(id))),
  );

  app.get(
    '/users/:id/own',
    { schema: { params: IdParams, response: { 200: PublicUser } } },
    // The same record for its owner (the site asks only for the account its session created):
    // every user, with the status of their place on a team.
    async (request) =>
      toPublicUser(await found('User', request.params.id, (id) => repos.users.getOwn(id))),
  );

  app.get('/focus-areas', { schema: { response: { 200: FocusAreaList } } }, async () => ({
    focusAreas: await repos.catalogue.focusAreas(),
  }));

  app.get('/role-areas', { schema: { response: { 200: RoleAreaList } } }, async () => ({
    roleAreas: await repos.catalogue.roleAreas(),
  }));
}
