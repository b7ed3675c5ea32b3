import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const SESSION_COOKIE = 'ap_session';
/** The session only has to outlive the onboarding flow's profile step. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

/** What the signed cookie holds: a random session id, the account made in it (if any), when. */
interface Session {
  id: string;
  userId: string | null;
  issuedAt: number;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Binds this browser to the account it just created (POST /api/users). */
    startSession(userId: string): FastifyReply;
    /**
     * This browser's session id, starting a session (with no account yet) when there is none,
     * e.g. for the first held seat.
     */
    ensureSession(): string;
  }
  interface FastifyRequest {
    /** The account id of a valid, unexpired signed session cookie, else null. */
    sessionUserId(): string | null;
    /** The session id of a valid, unexpired signed session cookie, else null. */
    sessionId(): string | null;
  }
}

/** 16 random bytes, base64url: 22 characters. */
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/** `id.userId.issuedAt` (userId empty before sign-up). */
function parse(value: string): Session | null {
  const parts = /^([^.]+)\.([^.]*)\.(\d+)$/.exec(value);
  if (parts?.[1] && SESSION_ID.test(parts[1]) && parts[3]) {
    return { id: parts[1], userId: parts[2] || null, issuedAt: Number(parts[3]) };
  }
  return null;
}

export default fp(
  async function session(app: FastifyInstance) {
    const secure = app.config.env.NODE_ENV === 'production';
    const now = () => Math.floor(Date.now() / 1000);
    /** The session this request started or renewed, so later calls in it see the new one. */
    const started = new WeakMap<FastifyRequest, Session>();

    function current(request: FastifyRequest): Session | null {
      const fresh = started.get(request);
      if (fresh) return fresh;
      // An answer sent before the cookies were read (the 503 while draining, from the first
      // onRequest hook) has none: it belongs to no session.
      const raw = request.cookies?.[SESSION_COOKIE];
      if (!raw) return null;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || unsigned.value === null) return null;
      const parsed = parse(unsigned.value);
      // The cookie's Max-Age is only advice to the browser; the server enforces the age itself.
      if (!parsed || now() - parsed.issuedAt > SESSION_MAX_AGE_SECONDS) return null;
      return parsed;
    }

    function write(reply: FastifyReply, value: Session) {
      started.set(reply.request, value);
      return reply.setCookie(
        SESSION_COOKIE,
        `${value.id}.${value.userId ?? ''}.${value.issuedAt}`,
        {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/api',
          maxAge: SESSION_MAX_AGE_SECONDS,
        },
      );
    }

    const newId = () => randomBytes(16).toString('base64url');

    app.decorateReply('startSession', function startSession(this: FastifyReply, userId: string) {
      // The same session goes on (its held seat became the membership), now with its account.
      const id = current(this.request)?.id ?? newId();
      return write(this, { id, userId, issuedAt: now() });
    });

    app.decorateReply('ensureSession', function ensureSession(this: FastifyReply) {
      const existing = current(this.request);
      if (existing) return existing.id;
      const id = newId();
      write(this, { id, userId: null, issuedAt: now() });
      return id;
    });

    app.decorateRequest('sessionUserId', function sessionUserId(this: FastifyRequest) {
      return current(this)?.userId ?? null;
    });

    app.decorateRequest('sessionId', function sessionId(this: FastifyRequest) {
      return current(this)?.id ?? null;
    });
  },
  { name: 'session', dependencies: ['config', 'cookies'] },
);

/**
 * The key the tracker knows a session's holds by: derived from the session id with the session
 * secret, so the tracker (and its logs) never hold anything that would open the session.
 */
export function holdOwnerKey(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`hold-owner:${sessionId}`).digest('base64url');
}
