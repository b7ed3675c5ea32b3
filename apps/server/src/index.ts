export { default as app } from './app.ts';
export { buildServer } from './build.ts';
export { type Env, loadEnv } from './env.ts';
export type { SiteConfig } from './plugins/app/config.ts';
export { type RunningSite, startSite } from './start.ts';
