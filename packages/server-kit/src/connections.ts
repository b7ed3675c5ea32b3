import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a connection must have carried no request before a drain or a close drops it. A client
 * looping on a keep-alive connection sends its next request within milliseconds of reading an
 * answer; one idle this long is sitting in a pool.
 */
export const IDLE_DROP_MS = 1000;

/**
 * Makes `server.closeIdleConnections()` drop only connections idle for `idleMs` or more.
 *
 * Node's own version drops every connection with no request in flight at that instant: the
 * keep-alive connection whose next request is already on its way, and the connection just accepted
 * whose first request has not been read yet. That client sees its connection reset. Node's
 * `server.close()` calls it too, so stopping to listen reset such connections; with this, they are
 * served (their answers close them: see the health plugin) and only connections left unused are
 * dropped.
 */
export function dropOnlyLongIdle(server: Server, idleMs = IDLE_DROP_MS): void {
  /** Connections with no request in flight, and since when. */
  const idleSince = new Map<Socket, number>();
  /** Requests in flight per connection (more than one when a client pipelines). */
  const inFlight = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, performance.now());
    socket.once('close', () => {
      idleSince.delete(socket);
      inFlight.delete(socket);
    });
  });
  server.on('request', (request, response) => {
    const socket: Socket = request.socket;
    idleSince.delete(socket);
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left > 0) {
        inFlight.set(socket, left);
      } else if (!socket.destroyed) {
        inFlight.delete(socket);
        idleSince.set(socket, performance.now());
      }
    });
  });
  const dropLongIdle = () => {
    const now = performance.now();
    for (const [socket, since] of idleSince) {
      if (now - since >= idleMs) socket.destroy();
    }
  };
  server.closeIdleConnections = dropLongIdle;
  // Node drops idle connections once, as closing begins. A connection that was idle for less than
  // `idleMs` then would hold the close open until its keep-alive time-out (Fastify's is 72 s): go on
  // dropping connections as they reach `idleMs` until the server has closed.
  const close = server.close.bind(server);
  server.close = ((callback?: (error?: Error) => void) => {
    const sweeper = setInterval(dropLongIdle, Math.max(10, Math.floor(idleMs / 4)));
    sweeper.unref();
    server.once('close', () => clearInterval(sweeper));
    return close(callback);
  }) as Server['close'];
}

/**
 * Resolves once `server` has accepted no new connection for `quietMs` (or `maxMs` after the call,
 * whichever comes first). Checked after the event loop has accepted what was waiting, so closing
 * the listener right then finds the kernel's queue of connections not yet accepted empty: closing a
 * listener resets every connection still in that queue, and each of those clients has already
 * sent its request.
 */
export function noNewConnectionsFor(server: Server, quietMs: number, maxMs: number): Promise<void> {
  const started = performance.now();
  let last = started;
  const onConnection = () => {
    last = performance.now();
  };
  server.on('connection', onConnection);
  return new Promise((resolve) => {
    const check = () => {
      // setImmediate runs after the event loop's poll phase, which accepts waiting connections.
      setImmediate(() => {
        const now = performance.now();
        if (now - last >= quietMs || now - started >= maxMs) {
          server.off('connection', onConnection);
          resolve();
        } else {
          setTimeout(check, Math.max(1, quietMs - (now - last)));
        }
      });
    };
    setTimeout(check, quietMs);
  });
}
