import { HttpError } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyMatches, loadOrCreateApiKey } from '../../api-key.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The key every non-public route needs in its x-api-key header. */
    apiKey: string;
  }
}

/** Every route needs the API key unless its config says `public`. */
export default fp(
  async function apiKey(app: FastifyInstance) {
    const { apiKey, dataDir } = app.trackerConfig;
    const expected = apiKey ?? (await loadOrCreateApiKey(dataDir));
    app.decorate('apiKey', expected);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.public) return;
      const given = request.headers['x-api-key'];
      if (typeof given !== 'string' || given.length === 0) {
        throw new HttpError('API_KEY_MISSING', 'Missing API key: send it in the x-api-key header.');
      }
      if (!apiKeyMatches(given, expected)) {
        throw new HttpError('API_KEY_INVALID', 'Invalid API key.');
      }
    });
  },
  { name: 'api-key', dependencies: ['tracker-config', 'error-handler'] },
);
