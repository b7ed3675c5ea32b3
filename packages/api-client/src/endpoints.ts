import { type Endpoint, type EndpointAnswer, MESSAGES, successStatus } from '@app/contracts';
import type { KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { ApiError, ENDPOINT_MESSAGES, type FieldProblem } from './errors.ts';
import { createHttp } from './http.ts';

// Calls to one endpoint of the contract tables (MEMBER_API, CONSOLE_API...) on the page's own
// origin, which serves them: the tracker's pages. Each status is read here, so a refusal's JSON
// reaches the person as its message.

const { network: NETWORK_MESSAGE, server: SERVER_MESSAGE } = ENDPOINT_MESSAGES;

let http: KyInstance | undefined;

function client(): KyInstance {
  http ??= createHttp({
    baseUrl: `${window.location.origin}/`,
    credentials: 'same-origin',
    timeout: 15_000,
  });
  return http;
}

type BodyOf<E extends Endpoint> = E['schema'] extends {
  readonly body: infer B extends z.ZodMiniType;
}
  ? z.input<B>
  : undefined;

function fieldsOf(details: unknown): FieldProblem[] {
  if (!Array.isArray(details)) return [];
  const fields: FieldProblem[] = [];
  for (const item of details) {
    if (item === null || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string' && message !== '') {
      fields.push({ path, message });
    }
  }
  return fields;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What a refusal says, in words fit to show: a server failure never shows its own text. */
function refusal(status: number, text: string): ApiError {
  const body = parseJson(text);
  const { message, code, details } =
    body !== null && typeof body === 'object'
      ? (body as { message?: unknown; code?: unknown; details?: unknown })
      : {};
  const readable = typeof message === 'string' && message.trim() !== '' && message.length <= 500;
  return new ApiError(status < 500 && readable ? message : SERVER_MESSAGE, {
    kind: 'http',
    status,
    ...(typeof code === 'string' ? { code } : {}),
    fields: status < 500 ? fieldsOf(details) : [],
    ...(status < 500 ? { details } : {}),
  });
}

/**
 * Calls one endpoint of the member API (MEMBER_API, CONSOLE_API) on this origin and returns its answer checked
 * against the contract. Throws an ApiError for anything else.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[body]: BodyOf<E> extends undefined ? [] : [BodyOf<E>]
): Promise<EndpointAnswer<E>> {
  return send(endpoint, body === undefined ? {} : { json: body });
}

/** The same for an endpoint that takes a multipart form (the photo). */
export function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
): Promise<EndpointAnswer<E>> {
  return send(endpoint, { body: form, timeout: 60_000 });
}

/**
 * As `call`, at the endpoint's path with its `:params` filled in and a query added:
 * `callAt(CONSOLE_API.approveJoinRequest, { params: { id: 4 } })`.
 */
export async function callAt<E extends Endpoint>(
  endpoint: E,
  at: { params?: Record<string, string | number>; query?: Record<string, string | number> },
  ...[body]: BodyOf<E> extends undefined ? [] : [BodyOf<E>]
): Promise<EndpointAnswer<E>> {
  const path = endpoint.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(at.params?.[name] ?? '')),
  );
  const query = new URLSearchParams(
    Object.entries(at.query ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  return send(
    endpoint,
    body === undefined ? {} : { json: body },
    query ? `${path}?${query}` : path,
  );
}

async function send<E extends Endpoint>(
  endpoint: E,
  init: { json?: unknown; body?: FormData; timeout?: number },
  url: string = endpoint.url,
): Promise<EndpointAnswer<E>> {
  let response: Response;
  let text: string;
  try {
    response = await client()(url, { method: endpoint.method, ...init });
    text = await response.text();
  } catch (cause) {
    throw new ApiError(NETWORK_MESSAGE, { kind: 'network', cause });
  }
  const status = successStatus(endpoint);
  if (response.status !== status) throw refusal(response.status, text);
  const schema = endpoint.schema.response[status];
  const parsed = schema?.safeParse(text === '' ? undefined : parseJson(text));
  if (!parsed?.success) {
    throw new ApiError(MESSAGES.invalidServerResponse, { kind: 'parse', status: response.status });
  }
  return parsed.data as EndpointAnswer<E>;
}

/** Test helper: forget the HTTP client, so the next call is made with the current fetch. */
export function resetClient() {
  http = undefined;
}
