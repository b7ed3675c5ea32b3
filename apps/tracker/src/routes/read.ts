import type { FastifyPluginAsync } from 'fastify';
import { notFound, parseId } from '../errors.ts';
import { toPublicUser } from '../repositories/users.ts';

export const readRoutes: FastifyPluginAsync = async (app) => {
  const { repos } = app.tracker;

  app.get('/health', { config: { public: true } }, async () => ({ status: 'ok' }));

  app.get('/teams', async () => repos.teams.list());

  app.get('/teams/:id', async (request) => {
    const id = parseId('Team', (request.params as { id: string }).id);
    const team = await repos.teams.get(id);
    if (!team) throw notFound('Team');
    return team;
  });

  app.get('/users/:id', async (request) => {
    const id = parseId('User', (request.params as { id: string }).id);
    const user = await repos.users.get(id);
    if (!user) throw notFound('User');
    return toPublicUser(user);
  });

  app.get('/focus-areas', async () => ({ focusAreas: await repos.catalogue.focusAreas() }));

  app.get('/role-areas', async () => ({ roleAreas: await repos.catalogue.roleAreas() }));
};
