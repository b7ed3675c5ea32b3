import { vi } from 'vitest';

type Handler = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces the global fetch with a fake site API: `routes` maps 'METHOD /path' to a handler.
 * Unknown routes answer 404. Returns the requests it received.
 */
export function fakeSiteApi(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const handler = routes[`${request.method} ${pathname}`];
    if (!handler) return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}
