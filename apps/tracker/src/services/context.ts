import { FIND_A_TEAM_PATH } from '@app/contracts';
import type { FastifyInstance } from 'fastify';

/** What the services use: the tracker's decorators (a Fastify instance is one). */
export type TrackerContext = Pick<
  FastifyInstance,
  'trackerConfig' | 'database' | 'repos' | 'mailer' | 'storage' | 'signups' | 'trackerMetrics'
>;

/** Where a person with an account and no team finds one: the front door's page (after sign-in). */
export function findATeamUrl(ctx: Pick<TrackerContext, 'trackerConfig'>): string {
  return `${ctx.trackerConfig.publicUrl}${FIND_A_TEAM_PATH}`;
}
