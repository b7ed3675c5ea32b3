import type { TestProject } from 'vitest/node';
import { startTestSite } from './site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the site server every browser test file talks to. */
    siteUrl: string;
    /** The site's embedded tracker: its front door, its API and its data directory. */
    tracker: { url: string; apiUrl: string; dataDir: string };
  }
}

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

/** One real site server (and its embedded tracker) for all browser test files: it takes ~20 s to start. */
export default async function setup(project: TestProject) {
  const site = await startTestSite(SITE_ENV);
  project.provide('siteUrl', site.url);
  project.provide('tracker', {
    url: site.trackerUrl,
    apiUrl: site.trackerApiUrl,
    dataDir: site.dataDir,
  });
  return () => site.close();
}
