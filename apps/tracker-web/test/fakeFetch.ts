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
  return fakeFetch(withHome(routes), () => refusal(404, 'NOT_FOUND', 'Not found'));
}

/** The session the fake tracker names with every home (a test may answer with its own). */
export const SESSION = { tag: 'session-one', endsAt: '2999-01-01T00:00:00.000Z' };

/**
 * GET /api/me/home as the tracker makes it from the two reads a test gives, when it gives no
 * answer of its own: GET /api/me's answer, with GET /api/me/check-ins's (null when that is a 404,
 * as off a team), and the session (SESSION). A card the test makes fail otherwise is left out, so
 * the page reads it alone and shows that failure where the card would be.
 */
function withHome(routes: Record<string, FakeRoute>): Record<string, FakeRoute> {
  const me = routes['GET /api/me'];
  if (!me || routes['GET /api/me/home']) return routes;
  const checkIns = routes['GET /api/me/check-ins'];
  return {
    ...routes,
    'GET /api/me/home': async (request) => {
      const home = await me(request);
      if (home.status !== 200) return home;
      const card = checkIns ? await checkIns(request) : refusal(404, 'NOT_FOUND', 'Not found');
      const body = { session: SESSION, ...((await home.json()) as Record<string, unknown>) };
      if (card.status === 200) return json({ ...body, checkIns: await card.json() });
      return json(card.status === 404 ? { ...body, checkIns: null } : body);
    },
  };
}
