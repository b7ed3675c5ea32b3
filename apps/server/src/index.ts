export { default as app } from './app.ts';
export { buildServer } from './build.ts';
export { type Env, EnvError, loadEnv } from './env.ts';
export { ERROR_CODES, HttpError } from './errors.ts';
export { loggerOptions, REDACTED_PATHS } from './logging.ts';
export type { SiteConfig } from './plugins/app/config.ts';
export { type RunningSite, startSite } from './start.ts';
