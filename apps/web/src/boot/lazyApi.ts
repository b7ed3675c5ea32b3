import type { ApiClient } from '@app/api-client';
import { loadOnce } from './loadOnce.ts';

/**
 * An API client whose every call waits for `load` (the real client, with ky and the answers'
 * schemas) the first time: the onboarding's first step is on screen before that code arrives, and
 * its first call starts loading it. A call made once it has loaded goes straight through, so the
 * page's last call (the seat given back on `pagehide`, a keepalive request) is not delayed.
 */
export function lazyApiClient(load: () => Promise<ApiClient>): ApiClient {
  // A failed download is tried again by the next call.
  const client = loadOnce(load);
  return callsThrough((name, args) => {
    const loaded = client.loaded();
    if (loaded !== null) return call(loaded, name, args);
    return client.load().then((ready) => call(ready, name, args));
  });
}

/**
 * The first paint's client (prerendering, and the browser while it hydrates that HTML): no call
 * ever answers, so every step shows as it is before its data arrives.
 */
export const neverAnsweringApi: ApiClient = callsThrough(() => new Promise(() => {}));

function call(client: ApiClient, name: string, args: unknown[]): unknown {
  const method: unknown = Reflect.get(client, name);
  if (typeof method !== 'function') throw new TypeError(`The API client has no ${name}`);
  return method.apply(client, args);
}

/** An ApiClient each of whose methods is `run` with the method's name and arguments. */
function callsThrough(run: (name: string, args: unknown[]) => unknown): ApiClient {
  return new Proxy({} as ApiClient, {
    get: (_target, name) =>
      // Not a thenable: `await client` must not wait for a call named `then`.
      typeof name === 'string' && name !== 'then'
        ? (...args: unknown[]) => run(name, args)
        : undefined,
  });
}
