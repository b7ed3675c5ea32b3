import { startTestSite } from './site.ts';

/**
 * The site's limits are per client and every test visitor comes from 127.0.0.1: raise them so the
 * suite's own signups and submissions are not refused. The limits themselves are tested in
 * apps/server.
 */
const SITE_ENV = {
  RATE_LIMIT_SIGNUP_MAX: '1000',
  RATE_LIMIT_WRITE_MAX: '1000',
  RATE_LIMIT_WRITE_ANONYMOUS_MAX: '100000',
  RATE_LIMIT_WRITE_ADDRESS_MAX: '100000',
  RATE_LIMIT_READ_MAX: '100000',
};

/**
 * One real site server (and its embedded tracker, on a fresh data directory) for a whole run of
 * either Playwright configuration: it takes ~20 s to start. The test workers find it through the
 * same `E2E_*` variables that point a run at a site started by hand (`runningTestSite()`).
 */
export default async function setup() {
  const site = await startTestSite(SITE_ENV);
  process.env.E2E_SITE_URL = site.url;
  process.env.E2E_TRACKER_PUBLIC_URL = site.trackerUrl;
  process.env.E2E_TRACKER_API_URL = site.trackerApiUrl;
  process.env.E2E_TRACKER_DATA_DIR = site.dataDir;
  return () => site.close();
}
