import {
  clientErrorHandler,
  type LogOptions,
  loggerOptions,
  requestTimeouts,
  trustProxyHops,
} from '@app/server-kit';
import Fastify from 'fastify';
import app, { type SiteConfig } from './app.ts';

export interface BuildOptions {
  config: SiteConfig;
  /** Where log lines go (stdout by default) and how much is written; redaction always applies. */
  log?: Partial<LogOptions>;
}

/** A ready site instance, not listening: server.ts listens, tests use inject(). */
export async function buildServer({ config, log = {} }: BuildOptions) {
  const server = Fastify({
    logger: loggerOptions({ ...log, level: log.level ?? config.env.LOG_LEVEL }),
    // Trust exactly the configured number of reverse-proxy hops, so clients cannot forge their IP.
    trustProxy: trustProxyHops(config.env.TRUST_PROXY),
    bodyLimit: 32 * 1024,
    // Routes stay exact: /api/proxy/teams/ is not /api/proxy/teams.
    routerOptions: { ignoreTrailingSlash: false },
    // A request (or its headers alone) slower than its budget is answered 408 and closed.
    ...requestTimeouts(config.env.REQUEST_TIMEOUT_MS, config.env.HEADERS_TIMEOUT_MS),
    clientErrorHandler,
    // A request that arrives on an open connection while closing (a keep-alive client that sent
    // it before reading that the connection closes) is served, not refused 503.
    return503OnClosing: false,
  });
  // Graceful shutdown: close() waits for in-flight requests, but a keep-alive connection that
  // goes idle after close() began would hold it open until the keep-alive timeout. Answers
  // sent while closing therefore close their connection.
  let closing = false;
  server.addHook('preClose', async () => {
    closing = true;
  });
  server.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Only JSON bodies are parsed; text/plain (which Fastify reads by default) is refused with 415.
  server.removeContentTypeParser('text/plain');
  await server.register(app, { config });
  return server;
}
