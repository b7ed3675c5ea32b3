import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError } from './errors.ts';

/**
 * The Content Security Policy both servers send: scripts and styles only from the app's own files
 * (the Vite builds have no inline script), no plugins, no <base> rewriting, no framing. Member
 * photos may be absolute https URLs (spec 3); blob: is the chosen photo's preview.
 */
export const SELF_ONLY_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Record<string, string[]>;

/**
 * Whether `value` is a CSP hash source for a built page's inline style ('sha256-' and base64), as
 * both servers read them from their builds' prerendered.json: anything else could widen the policy
 * it is put into, so it is never taken.
 */
export function isCspHashSource(value: unknown): value is string {
  return typeof value === 'string' && /^sha256-[A-Za-z0-9+/]+={0,2}$/.test(value);
}

/**
 * Both servers' one referrer policy: a link or image request to another origin (the site's Sign
 * In link to the tracker, a member photo on an https URL) carries no referrer at all.
 */
export const REFERRER_POLICY = 'same-origin';

export interface SecurityHeadersOptions {
  /**
   * Whether browsers reach the server over HTTPS (a deployment may terminate TLS in front of it):
   * then insecure subresource requests are upgraded and HSTS is sent.
   */
  https: boolean;
  /**
   * Directives a server adds to the strict policy (helmet's camelCase names), e.g. the front
   * door's `workerSrc` and `manifestSrc` for its installable app; they cannot loosen the ones
   * above, which always win.
   */
  extraDirectives?: Record<string, string[]>;
  /**
   * CSP sources ('sha256-...') of inline <style> elements the server's own pages carry: each is
   * added to style-src, so exactly those styles apply and any other inline style stays blocked.
   */
  styleHashes?: readonly string[];
  /** The same for inline <script> elements (script-src): exactly those run, no other inline one. */
  scriptHashes?: readonly string[];
}

/** The options both servers give helmet: the strict policy above plus a server's extra directives. */
export function helmetOptions({
  https,
  extraDirectives = {},
  styleHashes = [],
  scriptHashes = [],
}: SecurityHeadersOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...SELF_ONLY_CSP,
        scriptSrc: [...SELF_ONLY_CSP.scriptSrc, ...scriptHashes.map((hash) => `'${hash}'`)],
        styleSrc: [...SELF_ONLY_CSP.styleSrc, ...styleHashes.map((hash) => `'${hash}'`)],
        ...Object.fromEntries(
          Object.entries(extraDirectives).filter(([name]) => !Object.hasOwn(SELF_ONLY_CSP, name)),
        ),
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
    referrerPolicy: { policy: REFERRER_POLICY },
  };
}

/**
 * The headers helmet's middleware sets for `options`, read once from the middleware itself: none
 * of them depends on the request (the policy has no nonce), so every answer gets the same set.
 * Names are lower case, as Fastify keeps a reply's headers. The one header helmet removes,
 * X-Powered-By, is never set by Fastify.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      if (name.toLowerCase() !== 'x-powered-by') {
        throw new Error(`helmet removes ${name}, which the security headers do not handle`);
      }
    },
  };
  let failure: unknown;
  let finished = false;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
    finished = true;
  });
  if (failure !== undefined) throw failure;
  if (!finished) throw new Error('helmet did not finish setting its headers at once');
  return headers;
}

/**
 * Both servers' security headers: helmet with the strict Content Security Policy above, set on
 * every answer (pages, API answers, errors and 404s alike) in an onRequest hook.
 *
 * The set helmet's middleware writes is worked out once at start (from helmet itself) and copied
 * into each reply's headers; running the middleware on each request (eleven middlewares, each
 * setting its header on the raw response) was about a ninth of a cached read's time.
 * (@fastify/helmet even built a new middleware per request, parsing the policy each time.)
 */
export const securityHeaders = fp<SecurityHeadersOptions>(
  async function securityHeaders(app, options) {
    const headers = helmetHeaders(helmetOptions(options));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request's method changes nothing (no origin check, no body rules). */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

export interface OriginPolicy {
  /** The origins whose pages may change state (`https://host[:port]`). */
  origins: readonly string[];
  /**
   * Whether a page on the request's own Host counts too, whatever its scheme: behind a
   * TLS-terminating proxy the server sees plain HTTP while the browser's Origin says https.
   */
  sameHost: boolean;
  /** Whether a request without an Origin header is refused (a browser always sends one). */
  requireOrigin: boolean;
  /** The refusal's message, naming the server. */
  message: string;
}

function sameHost(origin: URL, requestHost: string): boolean {
  try {
    return new URL(`${origin.protocol}//${requestHost}`).host === origin.host;
  } catch {
    return false;
  }
}

/**
 * The one origin (CSRF) check both servers run on a state-changing request: a browser that says
 * the request is cross-site, or an Origin outside the policy, gets 403 FORBIDDEN_ORIGIN. Safe
 * methods pass. Call it from an async `onRequest` hook, after whatever a server lets through
 * first.
 */
export function originGuard(policy: OriginPolicy): (request: FastifyRequest) => void {
  const allowed = new Set(policy.origins.map((origin) => new URL(origin).origin));
  const forbidden = () => new HttpError('FORBIDDEN_ORIGIN', policy.message);
  return (request) => {
    if (isSafeMethod(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden();
    const sent = request.headers.origin;
    if (sent === undefined) {
      if (policy.requireOrigin) throw forbidden();
      return;
    }
    let parsed: URL;
    try {
      parsed = new URL(sent);
    } catch {
      throw forbidden();
    }
    if (allowed.has(parsed.origin)) return;
    if (policy.sameHost && sameHost(parsed, request.host)) return;
    throw forbidden();
  };
}
