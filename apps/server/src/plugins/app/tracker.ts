import { type Endpoint, type EndpointAnswer, pathOf, successStatus } from '@app/contracts';
import { HttpError, RetryLaterError } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import ky, { type KyInstance, type KyResponse } from 'ky';
import * as z from 'zod/mini';

export interface TrackerResponse {
  ok: boolean;
  status: number;
  statusText: string;
  retryAfter: string | null;
  body: unknown;
}

interface CallInit {
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /**
   * False for a write that cannot be undone: cutting it off would tell the browser "failed"
   * while the tracker carries on and succeeds. Such calls wait for the tracker's answer.
   */
  timeout?: false;
}

const FAILED = 'The tracker could not handle the request. Please try again later.';

/** The answers for a tracker that cannot be reached or is too slow (calls and proxy alike). */
export const trackerUnavailable = () =>
  new HttpError(
    'TRACKER_UNAVAILABLE',
    'The tracker is not reachable right now. Please try again later.',
  );
export const trackerTimeout = () =>
  new HttpError('TRACKER_TIMEOUT', 'The tracker did not answer in time. Please try again later.');

function upstreamFailure(error: unknown): HttpError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return trackerTimeout();
  }
  return trackerUnavailable();
}

function errorFields(body: unknown): { message?: string; code?: string; details?: unknown } {
  if (typeof body !== 'object' || body === null) return {};
  const { message, code, details } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
    details,
  };
}

/** The site's only way to the tracker's API: adds the key, bounds the time, maps failures. */
export class TrackerClient {
  private readonly http: KyInstance;

  constructor(
    baseUrl: string,
    apiKey: string,
    private readonly timeoutMs: number,
  ) {
    this.http = ky.create({
      // A base URL with a path (https://host/tracker) keeps it.
      prefix: baseUrl,
      headers: { 'x-api-key': apiKey, accept: 'application/json' },
      // Every answer is handed back as it is; no retries: a slow or failing tracker must answer
      // the browser quickly, and a write cannot be known safe to repeat.
      throwHttpErrors: false,
      retry: 0,
      // The time limit is a signal instead, so that it covers reading the body as well.
      timeout: false,
    });
  }

  /** One request; network failures and time-outs become 502/504, any HTTP answer is returned. */
  async call(method: string, path: string, init: CallInit = {}): Promise<TrackerResponse> {
    let response: KyResponse;
    let text: string;
    try {
      response = await this.http(path, {
        method,
        ...(init.headers ? { headers: init.headers } : {}),
        ...(init.json !== undefined ? { json: init.json } : init.form ? { body: init.form } : {}),
        ...(init.timeout === false ? {} : { signal: AbortSignal.timeout(this.timeoutMs) }),
      });
      text = await response.text();
    } catch (error) {
      throw upstreamFailure(error);
    }
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    return {
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      retryAfter: response.headers.get('retry-after'),
      body: parsed,
    };
  }

  /**
   * A request whose success body is returned. The tracker's 4xx answers (bad input, taken email,
   * used token) reach the client with their status, code and message; anything else is a 502.
   */
  async send(method: string, path: string, init: CallInit = {}): Promise<TrackerResponse> {
    const response = await this.call(method, path, init);
    if (response.ok) return response;
    const { message, code, details } = errorFields(response.body);
    const clientFault =
      response.status >= 400 &&
      response.status < 500 &&
      response.status !== 401 &&
      response.status !== 403;
    if (clientFault && message) {
      throw HttpError.relay(response.status, code ?? 'REJECTED', message, details);
    }
    // Busy (sign-up queue full): nothing was done, so the browser may try again after a while.
    const retryAfter = Number(response.retryAfter);
    if (response.status === 503 && message && Number.isInteger(retryAfter) && retryAfter > 0) {
      throw new RetryLaterError(code ?? 'SIGNUP_BUSY', message, retryAfter);
    }
    throw new HttpError('TRACKER_ERROR', FAILED);
  }

  /**
   * A call of one of the tracker's endpoints (the contracts' TRACKER_API), its path filled in from
   * `params`, its success answer checked against the endpoint's own schema and returned.
   */
  async request<E extends Endpoint>(
    endpoint: E,
    init: CallInit & { params?: Readonly<Record<string, string | number>> } = {},
  ): Promise<EndpointAnswer<E>> {
    const response = await this.send(endpoint.method, pathOf(endpoint, init.params), init);
    const status = successStatus(endpoint);
    if (status === 204) return undefined as EndpointAnswer<E>;
    const schema = endpoint.schema.response[status];
    if (schema === undefined) throw new Error(`${endpoint.url} has no success answer`);
    return trackerAnswer(schema, response) as EndpointAnswer<E>;
  }
}

/** The tracker answered 2xx with something other than the agreed shape: our fault, not the user's. */
export function trackerAnswer<T extends z.core.$ZodType>(
  schema: T,
  response: TrackerResponse,
): z.output<T> {
  const result = z.safeParse(schema, response.body);
  if (result.success) return result.data;
  throw new HttpError(
    'TRACKER_ERROR',
    'The tracker sent an unexpected answer. Please try again later.',
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    trackerClient: TrackerClient;
  }
}

export default fp(
  async function tracker(app: FastifyInstance) {
    const { tracker, env } = app.config;
    app.decorate(
      'trackerClient',
      new TrackerClient(tracker.url, tracker.apiKey, env.TRACKER_TIMEOUT_MS),
    );
  },
  { name: 'tracker-client', dependencies: ['config'] },
);
