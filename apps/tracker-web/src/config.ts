import { DEFAULT_SITE_PORT, localOrigin } from '@app/contracts';

/** The public site (marketing and onboarding); set VITE_SITE_URL at build time. */
export const SITE_URL: string = (
  import.meta.env.VITE_SITE_URL || localOrigin(DEFAULT_SITE_PORT)
).replace(/\/+$/, '');

/** Where a person without a team (never matched, declined, left, seat freed) chooses one. */
export const FIND_A_TEAM_PATH = '/find-a-team';
