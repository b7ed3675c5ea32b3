import type { ApiClient } from '@app/api-client';

/**
 * An API client whose every call waits for `load` (the real client, with ky and the answers'
 * schemas) the first time: the onboarding's first step is on screen before that code arrives, and
 * its first call starts loading it. A call made once it has loaded goes straight through, so the
 * page's last call (the seat given back on `pagehide`, a keepalive request) is not delayed.
 */
export function lazyApiClient(load: () => Promise<ApiClient>): ApiClient {
  let client: ApiClient | null = null;
  let loading: Promise<ApiClient> | null = null;
  const ready = () => {
    loading ??= load().then(
      (loaded) => {
        client = loaded;
        return loaded;
      },
      (error: unknown) => {
        // A failed download is tried again by the next call.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return callsThrough((name, args) => {
    if (client !== null) return call(client, name, args);
    return ready().then((loaded) => call(loaded, name, args));
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
