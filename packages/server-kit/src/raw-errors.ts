import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from './errors.ts';
import { REFERRER_POLICY } from './security.ts';

/**
 * Security headers for answers written outside Fastify's routing (HTTP-parser errors, request
 * time-outs) or before the security-header plugin runs (shutdown): a JSON body that can embed
 * nothing, be framed by nothing and be sniffed as nothing else.
 */
export const BARE_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': REFERRER_POLICY,
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store',
} as const;

function answerFor(error: NodeJS.ErrnoException): [number, ErrorCode, string] {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.'];
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.'];
    default:
      return [400, 'BAD_REQUEST', 'The request could not be read as HTTP.'];
  }
}

/**
 * Node's HTTP parser errors and the whole-request time-out (requestTimeout) never reach a route:
 * they are answered here, in the same JSON shape as every other error, and the connection closed.
 * Both servers pass it to Fastify as `clientErrorHandler` (Fastify's own answers
 * `{"error","message","statusCode"}` without a code or security headers).
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = answerFor(error);
  this.log.info({ code: error.code, status }, 'client error before routing');
  const body = JSON.stringify({ message, code });
  const headers = {
    ...BARE_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  } else {
    socket.destroy();
  }
}
