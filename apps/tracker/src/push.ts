import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { loadOrCreateSecret } from '@app/server-kit';
import webpush from 'web-push';
import type { TrackerConfig } from './config.ts';

export const VAPID_KEYS_FILE = 'vapid-keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const isVapidKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  /^[A-Za-z0-9_-]{87}$/.test(String((value as VapidKeys).publicKey)) &&
  /^[A-Za-z0-9_-]{43}$/.test(String((value as VapidKeys).privateKey));

/**
 * The VAPID key pair (RFC 8292) kept in the data directory, made once (0600) when there is none.
 * Browsers tie a subscription to the public key it was made with: a new pair makes every
 * device subscribe again, so the file is kept as the API key is.
 */
export async function loadOrCreateVapidKeys(dataDir: string): Promise<VapidKeys> {
  const stored = await loadOrCreateSecret({
    file: path.join(dataDir, VAPID_KEYS_FILE),
    generate: () => JSON.stringify(webpush.generateVAPIDKeys()),
    isValid: (value) => {
      try {
        return isVapidKeys(JSON.parse(value));
      } catch {
        return false;
      }
    },
    expected: 'a VAPID key pair as JSON: {"publicKey": ..., "privateKey": ...}',
  });
  const { publicKey, privateKey } = JSON.parse(stored) as VapidKeys;
  return { publicKey, privateKey };
}

/** A device's push subscription as the tracker keeps it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Whether `p256dh` (base64url) is an uncompressed point of P-256, as a device's key must be. */
export function isDeviceKey(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** How long the tracker waits for a push service's answer. */
const PUSH_TIMEOUT_MS = 10_000;

export interface PushSender {
  /** The VAPID public key: the browser's applicationServerKey. */
  publicKey: string;
  /**
   * Whether the tracker sends to this endpoint: an https URL on the default port at one of
   * PUSH_SERVICE_HOSTS (or below it), never an address, a user name or another port; or one
   * of the origins a test allows. A member cannot make the tracker post anywhere else.
   */
  allows(endpoint: string): boolean;
  /**
   * Encrypts `payload` for the device (RFC 8291, aes128gcm), signs the request (VAPID) and posts
   * it; answers the push service's status. Throws when no answer came (network, time-out).
   */
  send(target: PushTarget, payload: string, ttlSeconds: number): Promise<number>;
}

export function pushSender(config: TrackerConfig, keys: VapidKeys): PushSender {
  const hosts = config.pushServiceHosts.map((h) => h.toLowerCase());
  const origins = new Set(config.pushServiceOrigins);
  const allows = (endpoint: string) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    if (origins.has(url.origin)) return true;
    const host = url.hostname.toLowerCase();
    return (
      url.protocol === 'https:' &&
      url.port === '' &&
      isIP(host.replace(/^\[|\]$/g, '')) === 0 &&
      hosts.some((h) => host === h || host.endsWith(`.${h}`))
    );
  };
  return {
    publicKey: keys.publicKey,
    allows,
    async send(target, payload, ttlSeconds) {
      if (!allows(target.endpoint)) throw new Error('push endpoint not allowed');
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: {
            subject: config.vapidSubject,
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: Math.max(0, Math.round(ttlSeconds)),
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      // The endpoint was checked above; a redirect is an answer, not followed.
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}
