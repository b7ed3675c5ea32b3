/** Headers and body fields that never reach a log line, in the site's and the embedded tracker's logs. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  // @fastify/multipart logs the request headers it hands to busboy at trace level.
  'busboyOptions.headers.cookie',
  'busboyOptions.headers.authorization',
  'busboyOptions.headers["x-api-key"]',
  'password',
  '*.password',
  'apiKey',
  '*.apiKey',
];

export interface LogOptions {
  level: string;
  /** Tells the embedded tracker's lines from the site's. */
  name?: string;
  /** Where lines go; stdout when absent. */
  stream?: { write(line: string): void };
}

/** Pino options for a Fastify logger with the redaction applied. */
export function loggerOptions({ level, name, stream }: LogOptions) {
  return {
    level,
    ...(name ? { name } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
