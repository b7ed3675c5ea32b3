import type { FastifyInstance } from 'fastify';

/**
 * Closes a listening Fastify server (with the health plugin) without resetting a connection and
 * without waiting out keep-alive time-outs (72 s in Fastify): the listener closes once clients
 * have stopped opening connections (stopListening()), requests in flight and those still sent on
 * open connections are served, each answer closing its connection, and a connection that carries
 * no request is dropped once it has been idle for a while (the health plugin's
 * closeIdleConnections()), checked every `everyMs`, until the close is done.
 */
export async function closeGracefully(app: FastifyInstance, everyMs = 200): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), everyMs);
  try {
    await app.stopListening();
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
