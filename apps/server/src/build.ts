import Fastify from 'fastify';
import app, { type SiteConfig } from './app.ts';

/** Headers and body fields that never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  'password',
  '*.password',
  'body.password',
  'apiKey',
  '*.apiKey',
];

export interface BuildOptions {
  config: SiteConfig;
  /** Where log lines go (stdout by default) and how much is written; redaction always applies. */
  log?: { level?: string; stream?: { write(line: string): void } };
}

/** A ready site instance, not listening: server.ts listens, tests use inject(). */
export async function buildServer({ config, log = {} }: BuildOptions) {
  const server = Fastify({
    logger: {
      level: log.level ?? config.env.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(log.stream ? { stream: log.stream } : {}),
    },
    // Trust exactly the configured number of reverse-proxy hops, so clients cannot forge their IP.
    trustProxy: (_address: string, hop: number) => hop < config.env.TRUST_PROXY,
    bodyLimit: 32 * 1024,
    // Routes stay exact: /api/proxy/teams/ is not /api/proxy/teams.
    routerOptions: { ignoreTrailingSlash: false },
  });
  // Only JSON bodies are parsed; text/plain (which Fastify reads by default) is refused with 415.
  server.removeContentTypeParser('text/plain');
  await server.register(app, { config });
  return server;
}
