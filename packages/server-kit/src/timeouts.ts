/** How long a whole request (headers and body) may take to arrive: a 5 MB photo on a slow line. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** How long a request's headers alone may take: a client that trickles them is cut after this. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/**
 * Fastify's options for both budgets: a slower request is answered 408 and its connection closed.
 * Node checks open connections against them once a second, more often for budgets under four
 * seconds; it arms those checks when the server is created, so they go in `http` as well.
 */
export function requestTimeouts(
  requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
  headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS,
) {
  const headersTimeout = Math.min(headersTimeoutMs, requestTimeoutMs);
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(25, Math.floor(headersTimeout / 4))),
    },
  };
}
