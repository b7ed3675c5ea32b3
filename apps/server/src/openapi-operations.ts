import { SITE_API } from '@app/contracts';
import { type ApiKeyScheme, openApiPath } from '@app/server-kit';
import { SESSION_COOKIE } from './plugins/app/session.ts';

/** The site's API operations as its OpenAPI document describes them (`GET /api/openapi.json`). */
export const OPERATIONS: Record<string, { summary: string; security?: string }> =
  Object.fromEntries(
    Object.values(SITE_API).map((endpoint) => [
      `${endpoint.method} ${openApiPath(endpoint.url)}`,
      { summary: endpoint.summary, ...('session' in endpoint ? { security: 'session' } : {}) },
    ]),
  );

export const SECURITY_SCHEMES: Record<string, ApiKeyScheme> = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The signed session cookie the site sets on the first held seat or sign-up; it binds the seat and the new account to this browser.',
  },
};
