import { vi } from 'vitest';

type Handler = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** An error answer as the tracker words one: `{ message, code, details? }`. */
export function refusal(status: number, code: string, message: string, details?: unknown) {
  return json({ message, code, ...(details === undefined ? {} : { details }) }, status);
}

export const signInRequired = () =>
  refusal(401, 'SIGN_IN_REQUIRED', 'Please sign in to see this page.');

/**
 * Replaces the global fetch with a fake tracker: `routes` maps 'METHOD /path' to a handler.
 * Unknown routes answer 404. Returns the requests it received, bodies readable.
 */
export function fakeTracker(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const handler = routes[`${request.method} ${pathname}`];
    if (!handler) return refusal(404, 'NOT_FOUND', 'Not found');
    return handler(request);
  });
  vi.stubGlobal('fetch', fetch);
  /** The requests made to one route, in order. */
  const to = (route: string) =>
    requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
  return { fetch, requests, to };
}
