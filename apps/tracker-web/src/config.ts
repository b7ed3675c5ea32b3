import { DEFAULT_SITE_PORT, localOrigin } from '@app/contracts';

/** The public site (marketing and onboarding); set VITE_SITE_URL at build time. */
export const SITE_URL: string = (
  import.meta.env.VITE_SITE_URL || localOrigin(DEFAULT_SITE_PORT)
).replace(/\/+$/, '');

/** Where a member whose join request was declined looks for another team. */
export const ONBOARDING_URL = `${SITE_URL}/onboarding`;
