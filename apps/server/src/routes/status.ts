import { API_KEY_PREFIX, SITE_API, type StatusResponse, TRACKER_API } from '@app/contracts';
import { HttpError, routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';

/**
 * GET /api/status for the API test page (spec 2, 3): whether a key is configured, its length and
 * prefix (never more of it), the outcome of a real authenticated request to the tracker, and the
 * Node.js release the site runs on.
 */
export default async function statusRoute(app: FastifyInstance) {
  app.route({
    ...routeOf(SITE_API.getStatus),
    config: { rateLimit: app.rateLimits.read },
    handler: async () => {
      const { tracker, env } = app.config;
      const key = tracker.apiKey;
      let testConnection: StatusResponse['testConnection'];
      try {
        const response = await app.trackerClient.call('GET', TRACKER_API.listFocusAreas.url);
        testConnection = {
          success: response.ok,
          status: response.status,
          statusText: response.statusText,
          error: response.ok
            ? null
            : `The tracker answered ${response.status} ${response.statusText}`,
        };
      } catch (error) {
        testConnection = {
          success: false,
          status: null,
          statusText: null,
          error: error instanceof HttpError ? error.message : 'The tracker could not be reached.',
        };
      }
      const body: StatusResponse = {
        apiBaseUrl: tracker.url,
        apiKeyExists: key.length > 0,
        apiKeyLength: key.length,
        apiKeyPrefix: key.slice(0, API_KEY_PREFIX.length),
        environment: env.NODE_ENV,
        testConnection,
        serverTime: new Date().toISOString(),
        nodeVersion: process.version,
      };
      return body;
    },
  });
}
