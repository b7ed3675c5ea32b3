import { call, resetClient } from '@app/api-client/endpoints';
import { MEMBER_API } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTracker, json, noContent, refusal } from '../../test/fakeFetch.ts';
import { home } from '../../test/members.ts';
import { ApiError, isSignInRequired, NETWORK_MESSAGE, SERVER_MESSAGE } from './errors.ts';

afterEach(() => resetClient());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('calling the member API', () => {
  it("uses the table's method and path on this origin and returns the checked answer", async () => {
    const tracker = fakeTracker({ 'GET /api/me': () => json(home()) });
    const answer = await call(MEMBER_API.getHome);
    expect(answer.account.name).toBe('Ada Lovelace');
    const [request] = tracker.requests;
    expect(request?.url).toBe(`${window.location.origin}/api/me`);
    expect(request?.credentials).toBe('same-origin');
  });

  it('sends the body as JSON and accepts an empty 204', async () => {
    const tracker = fakeTracker({ 'POST /api/me/deletion': () => noContent() });
    await expect(call(MEMBER_API.deleteAccount, { password: 'secret' })).resolves.toBeUndefined();
    expect(tracker.requests[0]?.headers.get('content-type')).toMatch(/application\/json/);
  });

  it("keeps a refusal's message, code and field details", async () => {
    fakeTracker({
      'PUT /api/me/profile': () =>
        refusal(400, 'VALIDATION_ERROR', 'Please enter your name', [
          { path: 'name', message: 'Please enter your name' },
          { nonsense: true },
        ]),
    });
    const error = await failure(
      call(MEMBER_API.updateProfile, { name: '', goalSummary: 'x', aboutMe: '' }),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Please enter your name');
    expect(error.fields).toEqual([{ path: 'name', message: 'Please enter your name' }]);
  });

  it('knows a gone session by its code', async () => {
    fakeTracker({
      'GET /api/me': () => refusal(401, 'SIGN_IN_REQUIRED', 'Please sign in.'),
    });
    expect(isSignInRequired(await failure(call(MEMBER_API.getHome)))).toBe(true);
  });

  it("never passes on a server failure's own text", async () => {
    fakeTracker({
      'GET /api/me': () => refusal(500, 'INTERNAL_ERROR', 'Error: boom\n    at db.ts:1'),
    });
    const error = await failure(call(MEMBER_API.getHome));
    expect(error.message).toBe(SERVER_MESSAGE);
    expect(error.code).toBe('INTERNAL_ERROR');
  });

  it('says so when an answer is not JSON or not what the contract describes', async () => {
    fakeTracker({ 'GET /api/me': () => new Response('<html>proxy error</html>', { status: 502 }) });
    expect((await failure(call(MEMBER_API.getHome))).message).toBe(SERVER_MESSAGE);

    fakeTracker({ 'GET /api/me': () => json({ account: null }) });
    const error = await failure(call(MEMBER_API.getHome));
    expect(error.message).toBe('Server returned an invalid response. Please try again later.');
  });

  it('turns a failed connection into a sentence to show', async () => {
    fakeTracker({
      'GET /api/me': () => {
        throw new TypeError('fetch failed');
      },
    });
    const error = await failure(call(MEMBER_API.getHome));
    expect(error.message).toBe(NETWORK_MESSAGE);
    expect([error.kind, error.status]).toEqual(['network', undefined]);
  });
});
