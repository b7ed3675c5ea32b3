import type { ApiKeyScheme } from '@app/server-kit';
import { SESSION_COOKIE } from './plugins/app/session.ts';

/** The site's API operations as its OpenAPI document describes them (`GET /api/openapi.json`). */
export const OPERATIONS: Record<string, { summary: string; security?: string }> = {
  'GET /api/proxy/teams': { summary: 'List the teams with their Active members and open seats' },
  'GET /api/proxy/teams/{id}': { summary: 'Read one team with its Active members' },
  'GET /api/proxy/users/{id}': {
    summary: 'Read a member, or the account this browser created with its real status',
    security: 'session',
  },
  'GET /api/proxy/focus-areas': { summary: 'List the focus areas with their roles' },
  'GET /api/proxy/role-areas': { summary: 'List the role areas' },
  'POST /api/onboarding': { summary: 'Record the area and role chosen on the role step' },
  'POST /api/booking': { summary: 'Book the next info call at 1:00 PM Mountain Time' },
  'POST /api/feedback': { summary: 'Leave feedback after No thanks' },
  'POST /api/users': { summary: 'Create an account and send its join request' },
  'GET /api/booking/next-available-date': { summary: 'Read the date of the next info call' },
  'POST /api/confirm-email': { summary: 'Confirm an email address with the token from its link' },
  'POST /api/confirm-email/resend': { summary: 'Ask for the confirmation email again' },
  'POST /api/holds': { summary: 'Hold the open seat on a team for 10 minutes' },
  'POST /api/holds/{id}/extend': {
    summary: "Hold this browser's seat for another 10 minutes",
    security: 'session',
  },
  'DELETE /api/holds/{id}': { summary: "Give this browser's held seat back", security: 'session' },
  'POST /api/users/{id}/profile': {
    summary: "Save the new account's photo and about text",
    security: 'session',
  },
  'GET /api/status': { summary: 'Report the API key and a connection test to the tracker' },
};

export const SECURITY_SCHEMES: Record<string, ApiKeyScheme> = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The signed session cookie the site sets on the first held seat or sign-up; it binds the seat and the new account to this browser.',
  },
};
