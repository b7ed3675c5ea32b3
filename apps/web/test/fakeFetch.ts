import { type FakeRoute, fakeFetch, json } from '@app/ui/testing';

export { json };

/**
 * Replaces the global fetch with a fake site API: `routes` maps 'METHOD /path' to a handler.
 * Unknown routes answer 404. Returns the requests it received.
 */
export function fakeSiteApi(routes: Record<string, FakeRoute>) {
  return fakeFetch(routes, () => json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
}
