import { startTestSite } from './site.ts';

/**
 * One real site server (and its embedded tracker, on a fresh data directory) for the whole run.
 * The site's limits are per client and every path's visitor comes from 127.0.0.1: they are raised
 * (the limits themselves are tested in apps/server).
 */
export default async function setup() {
  const site = await startTestSite({
    RATE_LIMIT_SIGNUP_MAX: '1000',
    RATE_LIMIT_WRITE_MAX: '1000',
    RATE_LIMIT_WRITE_ANONYMOUS_MAX: '100000',
    RATE_LIMIT_WRITE_ADDRESS_MAX: '100000',
    RATE_LIMIT_READ_MAX: '100000',
  });
  process.env.PATHS_SITE_URL = site.url;
  return () => site.close();
}
