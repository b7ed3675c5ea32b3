import { vi } from 'vitest';

/** For the apps' component tests: answers one route of a fake server. */
export type FakeRoute = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces the global fetch with a fake server: `routes` maps 'METHOD /path' to a handler, and
 * any other request gets `notFound()`. Returns the mock, the requests it received (their bodies
 * still readable) and `to(route)`, the requests made to one route, in order. `vi.unstubAllGlobals()`
 * after each test puts the real fetch back.
 */
export function fakeFetch(routes: Record<string, FakeRoute>, notFound: () => Response) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const handler = routes[`${request.method} ${pathname}`];
    return handler ? handler(request) : notFound();
  });
  vi.stubGlobal('fetch', fetch);
  const to = (route: string) =>
    requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
  return { fetch, requests, to };
}
