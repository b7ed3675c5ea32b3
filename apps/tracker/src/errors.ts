/** Tracker-only error helpers; the error type and codes are @app/server-kit's. */
/**
 * What of an error goes to the log. A failed query's message carries its parameters (a password
 * hash, an email, a token's hash), so only the SQL, the SQLSTATE code and the database's complaint
 * (with its quoted values blanked) are kept.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const cause = error.cause;
  const safe = new Error(`Failed query: ${String(error.query)}`);
  safe.name = error.name;
  if (cause instanceof Error) {
    // The database quotes the offending value in its message ('invalid input syntax ...: "x"').
    safe.message += `\ncause: ${cause.message.replace(/"[^"]*"/g, '"[redacted]"')}`;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') Object.assign(safe, { code });
  }
  return safe;
}
