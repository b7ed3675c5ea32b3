export { default as app } from './app.ts';
export { buildServer, REDACTED_PATHS } from './build.ts';
export { type Env, EnvError, loadEnv } from './env.ts';
export { ERROR_CODES, HttpError } from './errors.ts';
export type { SiteConfig } from './plugins/app/config.ts';
export { type RunningSite, startSite } from './start.ts';
