import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const SESSION_COOKIE = 'ap_session';
/** The session only has to outlive the onboarding flow's profile step. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyReply {
    /** Binds this browser to the account it just created (POST /api/users). */
    startSession(userId: string): FastifyReply;
  }
  interface FastifyRequest {
    /** The account id of a valid, unexpired signed session cookie, else null. */
    sessionUserId(): string | null;
  }
}

export default fp(
  async function session(app: FastifyInstance) {
    const secure = app.config.env.NODE_ENV === 'production';
    const now = () => Math.floor(Date.now() / 1000);

    app.decorateReply('startSession', function startSession(this: FastifyReply, userId: string) {
      return this.setCookie(SESSION_COOKIE, `${userId}.${now()}`, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/api',
        maxAge: SESSION_MAX_AGE_SECONDS,
      });
    });

    app.decorateRequest('sessionUserId', function sessionUserId(this: FastifyRequest) {
      const raw = this.cookies[SESSION_COOKIE];
      if (!raw) return null;
      const unsigned = this.unsignCookie(raw);
      if (!unsigned.valid || unsigned.value === null) return null;
      const match = /^([^.]+)\.(\d+)$/.exec(unsigned.value);
      if (!match?.[1] || !match[2]) return null;
      // The cookie's Max-Age is only advice to the browser; the server enforces the age itself.
      if (now() - Number(match[2]) > SESSION_MAX_AGE_SECONDS) return null;
      return match[1];
    });
  },
  { name: 'session', dependencies: ['config', 'cookies'] },
);
