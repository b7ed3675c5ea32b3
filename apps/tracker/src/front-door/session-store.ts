import { createHash } from 'node:crypto';
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Repositories } from '../repositories/index.ts';

/** What a signed-in session holds. */
declare module 'fastify' {
  interface Session {
    userId?: number;
    role?: 'member' | 'operator';
    /** When the member signed in (ms): the absolute limit counts from here. */
    signedInAt?: number;
    /** When this session passed an operator's second factor (ms); unset until it has. */
    secondFactorAt?: number;
    /**
     * Signed in with a password the tracker's rule refuses: until a new one is set, the member
     * guard lets only the routes marked `beforePasswordChange` through.
     */
    passwordChangeRequired?: true;
  }
}

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
  now: () => Date;
}

/** The cookie's session id is never stored as it is: a leaked table signs nobody in. */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

/** Last-seen times are written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/**
 * @fastify/session's store on the tracker's database. A session past its idle or absolute limit
 * (the tracker's clock) is deleted and read as none; only signed-in sessions are kept (the plugin
 * is told not to save empty ones).
 */
export function databaseSessionStore(repos: Repositories, limits: SessionLimits): SessionStore {
  const rows = repos.memberSessions;
  function settle<T>(promise: Promise<T>, callback: (error?: unknown, value?: T) => void) {
    promise.then(
      (value) => callback(undefined, value),
      (error: unknown) => callback(error),
    );
  }
  return {
    set(sessionId, session, callback) {
      settle(
        (async () => {
          const { userId, signedInAt } = session;
          if (userId === undefined || signedInAt === undefined) return;
          const now = limits.now();
          await rows.save({
            idHash: sessionKey(sessionId),
            userId,
            data: session,
            createdAt: new Date(signedInAt),
            lastSeenAt: now,
          });
        })(),
        callback,
      );
    },
    get(sessionId, callback) {
      settle(
        (async (): Promise<Session | null> => {
          const key = sessionKey(sessionId);
          const row = await rows.get(key);
          if (row === null) return null;
          const now = limits.now().getTime();
          const idle = now - row.lastSeenAt.getTime();
          const age = now - row.createdAt.getTime();
          if (idle >= limits.idleMs || age >= limits.absoluteMs) {
            await rows.delete(key);
            return null;
          }
          if (idle >= TOUCH_EVERY_MS) await rows.touch(key, new Date(now));
          return row.data as Session;
        })(),
        (error, value) => callback(error, value ?? null),
      );
    },
    destroy(sessionId, callback) {
      settle(rows.delete(sessionKey(sessionId)), callback);
    },
  };
}
