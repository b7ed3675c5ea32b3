import ky, { type KyInstance } from 'ky';

/** How every call of both web apps goes out: one ky configuration. */
export interface HttpOptions {
  /** Where relative paths are resolved (the page's origin in a browser). */
  baseUrl?: string;
  /** A fetch to use instead of the global one (tests pass a fake). */
  fetch?: typeof globalThis.fetch;
  /** Whether cookies go along: the site's API may be on another origin, the tracker's is its own. */
  credentials: 'include' | 'same-origin';
  /** Per-request time-out, in ms. */
  timeout: number;
}

/**
 * The HTTP client of both web apps. No retries, for queries or mutations alike (spec 9): a
 * failure is shown and the person decides. Every status is read by the caller, which turns a
 * refusal's JSON into an ApiError whose message can be shown.
 */
export function createHttp(options: HttpOptions): KyInstance {
  return ky.create({
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    credentials: options.credentials,
    retry: 0,
    timeout: options.timeout,
    throwHttpErrors: false,
  });
}
