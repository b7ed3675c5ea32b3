/** Headers and body fields that never reach a log line, in the site's and the embedded tracker's logs. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-hold-owner"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["x-hold-owner"]',
  // @fastify/multipart logs the request headers it hands to busboy at trace level.
  'busboyOptions.headers.cookie',
  'busboyOptions.headers.authorization',
  'busboyOptions.headers["x-api-key"]',
  'req.headers["idempotency-key"]',
  'password',
  '*.password',
  'apiKey',
  '*.apiKey',
];

/** Query parameters whose values are secrets (the email-confirmation link carries `token`). */
const SECRET_PARAMS = /^(token|key|api_?key|password|secret|code)$/i;

/** A request URL as it may be logged: the values of secret query parameters blanked. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return eq !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export interface LogOptions {
  level: string;
  /** Tells the embedded tracker's lines from the site's. */
  name?: string;
  /** Where lines go; stdout when absent. */
  stream?: { write(line: string): void };
}

/**
 * Where tracing, when it runs in this thread (`tracing.ts`, loaded only with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` set), puts the function that names the active trace and span for
 * a log line. A global symbol, not a module variable: the tracing module is compiled apart from
 * the server's bundle, so the two share no module state.
 */
export const TRACE_LOG_FIELDS = Symbol.for('app.traceLogFields');
export type TraceLogFields = () => { traceId?: string; spanId?: string };

/** The active trace and span ids for a log line; nothing while tracing is off or outside a trace. */
export function traceLogFields(): { traceId?: string; spanId?: string } {
  return (globalThis as { [TRACE_LOG_FIELDS]?: TraceLogFields })[TRACE_LOG_FIELDS]?.() ?? {};
}

/**
 * Pino options for a Fastify logger with the redaction applied. A request's lines carry its
 * `reqId` (Fastify's) and, while tracing, `traceId` and `spanId`.
 */
export function loggerOptions({ level, name, stream }: LogOptions) {
  return {
    level,
    ...(name ? { name } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: traceLogFields,
    serializers: {
      // Fastify's own request fields, with the URL's secrets blanked.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
