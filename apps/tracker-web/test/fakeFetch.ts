import { type FakeRoute, fakeFetch, json } from '@app/ui/testing';

export { json };

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
 * Unknown routes answer 404. Returns the requests it received, bodies readable, and `to(route)`.
 */
export function fakeTracker(routes: Record<string, FakeRoute>) {
  return fakeFetch(routes, () => refusal(404, 'NOT_FOUND', 'Not found'));
}
