import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  ID_DIGITS,
  PROXIED_READS,
  PROXY_PREFIX,
  pathOf,
  TRACKER_API,
  UPLOADS_PATH,
} from '@app/contracts';
import { answerEncoding, Counter, type Encoding, encodeAnswer, noRoute } from '@app/server-kit';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { trackerTimeout, trackerUnavailable } from '../plugins/app/tracker.ts';
import type { CachedAnswer, ReadTicket } from '../read-cache.ts';

/** A row id as the contracts write it (digits only), so no path trick reaches the tracker. */
const ID = `:id(${ID_DIGITS.source})`;

/**
 * The only reads the browser may make of the tracker (spec 7): the contracts' proxied reads, each
 * at its tracker path with its id limited to digits; anything else is a 404. The tracker's answer
 * passes through as it is: the schemas are for the document.
 */
const READS: Record<string, FastifySchema> = Object.fromEntries(
  PROXIED_READS.map((read) => [read.proxies.url.replace(':id', ID), read.schema]),
);

/** A read of one user's record, with the id it names. */
const OWN_USER = new RegExp(
  `^${PROXY_PREFIX}${TRACKER_API.getMember.url.replace(':id', '(\\d+)')}$`,
);

/** Upload keys as the tracker makes them (seed/ada.svg, u/3f9c....webp): no dot-segments, no escapes. */
const UPLOAD_PATH = new RegExp(
  `^${UPLOADS_PATH}/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$`,
);

/** Upstream headers worth passing on; the rest (cookies, server banners) stay behind. */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  // The tracker's own policy for uploaded files (no script, sandboxed) wins over the page policy.
  'content-security-policy',
  'x-content-type-options',
];

function keepHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const name of PASSED_HEADERS) {
    if (headers[name] !== undefined) kept[name] = headers[name];
  }
  return kept;
}

function sendUpstreamError(reply: { send(payload: Error): unknown }, { error }: { error: Error }) {
  const code = 'code' in error ? String(error.code) : '';
  const timedOut = /Timeout/i.test(error.name) || /TIMEOUT/.test(code);
  reply.send(timedOut ? trackerTimeout() : trackerUnavailable());
}

/** The headers of a proxied answer as the browser got them, minus what send() sets itself. */
function answerHeaders(reply: { getHeader(name: string): unknown }): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = reply.getHeader(name);
    if (name !== 'content-length' && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * A kept answer's compressed copies, one per encoding, made the first time a browser asks for it
 * and dropped with the answer: compressing 9 KB of JSON with brotli for every browser's read
 * cost more than everything else the read does together.
 */
const compressed = new WeakMap<CachedAnswer, Map<Encoding, Buffer>>();

/** `answer`'s body in `encoding`, compressed (by `encode`) only the first time it is asked for. */
export function compressedCopy(
  answer: CachedAnswer,
  encoding: Encoding,
  encode: (body: Buffer, encoding: Encoding) => Buffer = encodeAnswer,
): Buffer {
  let copies = compressed.get(answer);
  if (copies === undefined) {
    copies = new Map();
    compressed.set(answer, copies);
  }
  let body = copies.get(encoding);
  if (body === undefined) {
    body = encode(answer.body, encoding);
    copies.set(encoding, body);
  }
  return body;
}

/** Sends a kept answer, compressed as the compression plugin would (it passes this one on). */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.code(answer.status).headers(answer.headers);
  const json = /json/.test(answer.headers['content-type'] ?? '');
  const encoding = json ? answerEncoding(request, answer.body.length) : null;
  if (encoding === null) return reply.send(answer.body);
  return reply
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(compressedCopy(answer, encoding));
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Whether a request says it carries a body (which the later stages would read and check). */
function framesBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    headers['content-length'] !== undefined ||
    headers['transfer-encoding'] !== undefined ||
    headers['content-encoding'] !== undefined
  );
}

/** A request's path without its query string. */
function pathOnly(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * Transparent reads of the tracker through @fastify/http-proxy: the API key is added here, on the
 * server, and every browser header that could identify the visitor is left out.
 */
export default async function proxyRoutes(app: FastifyInstance) {
  const { tracker, env } = app.config;
  const timeout = env.TRACKER_TIMEOUT_MS;
  const upstreamOptions = {
    upstream: tracker.url,
    httpMethods: ['GET'],
    disableRequestLogging: true,
    undici: { connect: { timeout }, headersTimeout: timeout, bodyTimeout: timeout },
  };
  const replyOptions = {
    onError: sendUpstreamError,
    // No retries: a slow or failing tracker must answer the browser quickly (spec 4's fallbacks).
    retryDelay: () => null,
    rewriteHeaders: keepHeaders,
    // Query strings are not part of any listed read; dropping them keeps the upstream URL fixed.
    queryString: () => '',
  };

  const cache = app.readCache;
  const cacheReads = new Counter({
    name: 'proxy_cache_reads_total',
    help: 'Cacheable reads through /api/proxy: answered without asking the tracker (hit) or not (miss).',
    labelNames: ['result'],
    registers: [app.metrics.registry],
  });
  const inFlight = new Map<string, { ticket: ReadTicket; answer: Promise<CachedAnswer | null> }>();
  /** The id of the account this browser's session created, when the read is of its own record. */
  const ownUserId = (request: FastifyRequest): string | null => {
    const own = OWN_USER.exec(pathOnly(request.url));
    return own !== null && own[1] === request.sessionUserId() ? (own[1] ?? null) : null;
  };
  /**
   * The cache's view of a read: its key, the reader whose own writes decide what it may be served
   * (the session, only looked at while some session's write does), and the kept answer it may be
   * served, if any. Null when the read does not go through the cache: caching is off, or it is
   * the read of the browser's own account, which comes from the tracker's owner view and is never
   * kept, so no one else is served it.
   */
  const cachedRead = (request: FastifyRequest) => {
    if (!cache.enabled || ownUserId(request) !== null) return null;
    const key = pathOnly(request.url);
    const reader = cache.hasWriters ? request.sessionId() : null;
    return { key, reader, cached: cache.get(key, reader) };
  };
  /**
   * Sends the kept answer this visitor may be served (see ReadCache: not one read before this
   * browser's own last write), unless the path is due for a refresh; says whether it did.
   */
  const sentFromCache = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const read = cachedRead(request);
    if (read === null || read.cached === undefined) return false;
    // Past half its time, one read (with none under way) fetches a fresh answer for everyone.
    if (!inFlight.has(read.key) && cache.refreshDue(read.key)) return false;
    cacheReads.inc({ result: 'hit' });
    sendAnswer(request, reply, read.cached);
    return true;
  };
  /**
   * A read answered from the cache is sent from the route's last onRequest hook, after the rate
   * limit's and the security headers: the stages after it (body parsing, validation, the
   * handler's preHandler) have nothing to do for a read without a body of a path whose answer was
   * kept, which passed them when it was fetched. A request that frames a body goes the whole way.
   */
  const answerEarly = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (framesBody(request) || !sentFromCache(request, reply)) done();
  };
  // @fastify/http-proxy takes no schema: each read gets its own as its route is added, and the
  // cache's onRequest hook after those the plugins added (the rate limit's among them).
  app.addHook('onRoute', (route) => {
    const schema = READS[route.url.slice(PROXY_PREFIX.length)];
    if (!schema) return;
    route.schema = { ...schema, ...route.schema };
    route.onRequest = [...[route.onRequest ?? []].flat(), answerEarly];
  });
  await app.register(httpProxy, {
    ...upstreamOptions,
    prefix: PROXY_PREFIX,
    routes: Object.keys(READS),
    config: { rateLimit: app.rateLimits.read, loadCost: 'cached-read' },
    // An answer from the read cache that this visitor may be served (see ReadCache: not one read
    // before this browser's own last write) is sent as is; otherwise the tracker is asked and a
    // 200 is kept for the next visitors. The upstream request carries nothing of the visitor (no
    // cookie, no query), so the answer for a path is the same for everyone. Reads of a path that
    // arrive while it is being fetched wait for that fetch when they may be served its answer,
    // so an expired entry costs the tracker one query, not one per waiting visitor. A busy path is
    // refreshed by one read once its answer is half way through its time, before it runs out.
    // A kept answer this visitor may be served is sent before the proxy works out where the
    // request would go (most reads end in answerEarly, before this); the rest go on to the
    // handler below.
    preHandler: (request, reply, done) => {
      if (!sentFromCache(request, reply)) done();
    },
    handler: (request, reply, dest, options) => {
      const read = cachedRead(request);
      if (read === null) {
        if (app.loadShedding.sheds('tracker')) return app.loadShedding.refuse(reply);
        const own = ownUserId(request);
        return reply.from(
          own === null ? dest : pathOf(TRACKER_API.getOwnUser, { id: own }),
          options,
        );
      }
      const { key, reader, cached } = read;
      const flight = inFlight.get(key);
      if (cached && flight) {
        cacheReads.inc({ result: 'hit' });
        return sendAnswer(request, reply, cached);
      }
      if (flight && cache.serves(flight.ticket, reader)) {
        // Answered by a fetch already under way: no query of its own at the tracker.
        cacheReads.inc({ result: 'hit' });
        return flight.answer.then((answer) =>
          answer ? sendAnswer(request, reply, answer) : reply.from(dest, options),
        );
      }
      // Only a read that has to go to the tracker costs anything: that one may be shed, and a
      // kept answer due for a refresh is served as it is meanwhile.
      if (app.loadShedding.sheds('tracker')) {
        if (!cached) return app.loadShedding.refuse(reply);
        cacheReads.inc({ result: 'hit' });
        return sendAnswer(request, reply, cached);
      }
      cacheReads.inc({ result: 'miss' });
      const ticket = cache.ticket();
      const answer = deferred<CachedAnswer | null>();
      const entry = { ticket, answer: answer.promise };
      inFlight.set(key, entry);
      const land = (result: CachedAnswer | null) => {
        if (inFlight.get(key) === entry) inFlight.delete(key);
        answer.resolve(result);
      };
      // A browser that hangs up while its read is at the tracker ends that read without an answer
      // or an error: the reads waiting on it then ask the tracker themselves. (After an answer
      // this does nothing: the waiting reads have it.)
      reply.raw.once('close', () => land(null));
      return reply.from(dest, {
        ...options,
        onError: (upstreamReply, error) => {
          land(null);
          sendUpstreamError(upstreamReply, error);
        },
        onResponse: (_request, upstreamReply, res) => {
          readBody(res.stream).then(
            (body) => {
              if (res.statusCode === 200) {
                const fresh = { status: 200, headers: answerHeaders(upstreamReply), body };
                cache.store(key, ticket, fresh);
                land(fresh);
              } else {
                land(null);
              }
              upstreamReply.send(body);
            },
            (error: Error) => {
              land(null);
              sendUpstreamError(upstreamReply, { error });
            },
          );
        },
      });
    },
    replyOptions: {
      ...replyOptions,
      rewriteRequestHeaders: (_request, headers) => ({
        host: headers.host,
        accept: 'application/json',
        'x-api-key': tracker.apiKey,
      }),
    },
  });

  // Uploaded and seed photos are public in the tracker: no key goes with them.
  await app.register(httpProxy, {
    ...upstreamOptions,
    prefix: UPLOADS_PATH,
    rewritePrefix: UPLOADS_PATH,
    config: { rateLimit: app.rateLimits.read },
    preHandler: (request, _reply, done) => {
      const path = request.url.split('?')[0] ?? '';
      done(UPLOAD_PATH.test(path) ? undefined : noRoute(request.method, request.url));
    },
    replyOptions: {
      ...replyOptions,
      rewriteRequestHeaders: (request, headers) => ({
        host: headers.host,
        accept: request.headers.accept ?? '*/*',
        ...(request.headers['if-none-match']
          ? { 'if-none-match': request.headers['if-none-match'] }
          : {}),
        ...(request.headers['if-modified-since']
          ? { 'if-modified-since': request.headers['if-modified-since'] }
          : {}),
      }),
    },
  });
}
