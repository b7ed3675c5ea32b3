import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A device's push subscription made here: its keys, and what the browser would send the tracker. */
export interface TestDevice {
  path: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  path: string;
  /** The VAPID public key the request was signed with (its `k=`), once its JWT is verified. */
  vapidKey: string;
  ttl: number;
  payload: unknown;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * Whether `authorization` (`vapid t=<JWT>, k=<key>`, RFC 8292) is an ES256 JWT signed by `k`, for
 * the audience `origin`, not expired: answers the key, or throws.
 */
function checkVapid(authorization: string, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header = '', claims = '', signature = ''] = match[1].split('.');
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (!signed || body.aud !== origin || body.exp * 1000 < Date.now()) {
    throw new Error('the VAPID JWT does not hold');
  }
  return match[2];
}

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A push service on the loopback: it takes pushes for the devices made with `device()`, checks
 * their VAPID signature and decrypts their payload with the device's private key (RFC 8291,
 * aes128gcm) as the browser would. `answer` sets the status a device's pushes get (201 at first).
 */
export async function loopbackPushService() {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '';
      const device = devices.get(path);
      const body = await bodyOf(request);
      if (!device || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const status = statuses.get(path) ?? 201;
      if (status < 300) {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapidKey = checkVapid(request.headers.authorization ?? '', origin);
        const plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth,
        });
        received.push({
          path,
          vapidKey,
          ttl: Number(request.headers.ttl),
          payload: JSON.parse(plain.toString('utf8')),
        });
      } else {
        received.push({ path, vapidKey: '', ttl: Number(request.headers.ttl), payload: null });
      }
      response.writeHead(status).end();
    })().catch((error: unknown) => {
      response.writeHead(400).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let made = 0;
  return {
    origin,
    received,
    /** A new device: a P-256 key pair and 16 random auth bytes, as a browser makes them. */
    device(): TestDevice {
      made += 1;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(randomBytes(16));
      const path = `/push/device-${made}-${b64url(randomBytes(6))}`;
      devices.set(path, { ecdh, auth });
      return {
        path,
        subscription: {
          endpoint: `${origin}${path}`,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth },
        },
      };
    },
    answer(device: TestDevice, status: number) {
      statuses.set(device.path, status);
    },
    to: (device: TestDevice) => received.filter((r) => r.path === device.path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
