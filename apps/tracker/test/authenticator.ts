import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the API tests: one P-256 key per credential made with
 * node:crypto, answering WebAuthn ceremonies as a browser would hand them to the page
 * (PublicKeyCredential.toJSON()): clientDataJSON, authenticatorData and a 'none' attestation.
 * `origin` is the page's origin the browser would write into clientDataJSON.
 */
export function softAuthenticator(origin: string) {
  const keys = new Map<
    string,
    { privateKey: KeyObject; rpId: string; userHandle: string; counter: number }
  >();
  const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();
  const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  /** User present and verified (and attested credential data with a new key). */
  const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };
  const clientData = (type: string, challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  return {
    /** The credential's counter, settable (a clone answers with an older one). */
    counter(id: string) {
      return keys.get(id)?.counter ?? 0;
    },
    setCounter(id: string, counter: number) {
      const key = keys.get(id);
      if (key) key.counter = counter;
    },
    /** A new credential for the registration `options` (as the tracker answered them). */
    create(
      options: Record<string, unknown>,
      { origin: at = origin, userVerified = true, counter = 0 } = {},
    ) {
      const rp = options.rp as { id: string };
      const user = options.user as { id: string };
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]);
      const credentialId = randomBytes(32);
      const id = b64(credentialId);
      keys.set(id, { privateKey, rpId: rp.id, userHandle: user.id, counter });
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash(rp.id),
        Buffer.from([FLAGS.up | (userVerified ? FLAGS.uv : 0) | FLAGS.at]),
        u32(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge as string, at)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /**
     * The credential `id`'s answer to the sign-in `options`: its counter goes up by one first
     * (unless `counter` says what to answer).
     */
    get(
      id: string,
      options: Record<string, unknown>,
      {
        origin: at = origin,
        userVerified = true,
        counter,
        rpId,
      }: { origin?: string; userVerified?: boolean; counter?: number; rpId?: string } = {},
    ) {
      const key = keys.get(id);
      if (key === undefined) throw new Error(`No credential ${id} on this authenticator.`);
      key.counter = counter ?? key.counter + 1;
      const authData = Buffer.concat([
        rpIdHash(rpId ?? key.rpId),
        Buffer.from([FLAGS.up | (userVerified ? FLAGS.uv : 0)]),
        u32(key.counter),
      ]);
      const data = clientData('webauthn.get', options.challenge as string, at);
      const signed = Buffer.concat([authData, createHash('sha256').update(data).digest()]);
      const signature = sign('sha256', signed, key.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: key.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** A copy of the credential `id` elsewhere (a cloned key): same private key, own counter. */
    clone(id: string) {
      const key = keys.get(id);
      if (key === undefined) throw new Error(`No credential ${id} on this authenticator.`);
      const copy = softAuthenticator(origin);
      copy.adopt(id, { ...key });
      return copy;
    },
    adopt(
      id: string,
      key: { privateKey: KeyObject; rpId: string; userHandle: string; counter: number },
    ) {
      keys.set(id, key);
    },
  };
}
export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
