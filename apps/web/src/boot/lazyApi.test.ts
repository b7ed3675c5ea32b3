import type { ApiClient } from '@app/api-client';
import { describe, expect, it, vi } from 'vitest';
import { lazyApiClient, neverAnsweringApi } from './lazyApi.ts';

function fakeClient(): ApiClient {
  return {
    getTeams: vi.fn(async () => [{ id: '1' }]),
    releaseHoldOnUnload: vi.fn(),
  } as unknown as ApiClient;
}

describe('the onboarding page API client', () => {
  it('loads the real client with the first call, once, and passes every call on', async () => {
    const client = fakeClient();
    const load = vi.fn(async () => client);
    const api = lazyApiClient(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([api.getTeams(), api.getTeams()]);
    expect(first).toEqual([{ id: '1' }]);
    expect(second).toEqual([{ id: '1' }]);
    expect(load).toHaveBeenCalledOnce();
    // Loaded: a call that returns nothing (the keepalive on pagehide) runs at once.
    api.releaseHoldOnUnload('h1');
    expect(client.releaseHoldOnUnload).toHaveBeenCalledWith('h1');
  });

  it('tries the download again after it failed', async () => {
    const client = fakeClient();
    const load = vi
      .fn<() => Promise<ApiClient>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(client);
    const api = lazyApiClient(load);
    await expect(api.getTeams()).rejects.toThrow('offline');
    await expect(api.getTeams()).resolves.toEqual([{ id: '1' }]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is not a thenable, and the first paint client never answers', async () => {
    const api = lazyApiClient(async () => fakeClient());
    expect(Reflect.get(api, 'then')).toBeUndefined();
    const answered = vi.fn();
    neverAnsweringApi.getTeams().then(answered);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).not.toHaveBeenCalled();
  });
});
