import { vi } from 'vitest';

// A browser's WebAuthn for jsdom, beneath @simplewebauthn/browser: PublicKeyCredential and
// navigator.credentials, whose create and get a test answers with a made-up key, a refusal of the
// browser's, or a prompt left open (the address field's autofill) until it picks or is aborted.
// The ceremony's real checks are the browser tests' (a virtual authenticator in Chromium).

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** A key the browser hands back from get(), and the JSON the library makes of it. */
export function assertion(id = 'key-one') {
  const parts = {
    authenticatorData: `authenticator data of ${id}`,
    clientDataJSON: `{"type":"webauthn.get","id":"${id}"}`,
    signature: `signature of ${id}`,
    userHandle: 'the account',
  };
  return {
    credential: {
      id: base64url(id),
      rawId: bytes(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        authenticatorData: bytes(parts.authenticatorData),
        clientDataJSON: bytes(parts.clientDataJSON),
        signature: bytes(parts.signature),
        userHandle: bytes(parts.userHandle),
      },
      getClientExtensionResults: () => ({}),
    },
    json: {
      id: base64url(id),
      rawId: base64url(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        authenticatorData: base64url(parts.authenticatorData),
        clientDataJSON: base64url(parts.clientDataJSON),
        signature: base64url(parts.signature),
        userHandle: base64url(parts.userHandle),
      },
      clientExtensionResults: {},
    },
  };
}

/** A new key the browser hands back from create(), and the JSON the library makes of it. */
export function attestation(id = 'key-new') {
  const parts = {
    attestationObject: `attestation of ${id}`,
    clientDataJSON: `{"type":"webauthn.create","id":"${id}"}`,
  };
  return {
    credential: {
      id: base64url(id),
      rawId: bytes(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        attestationObject: bytes(parts.attestationObject),
        clientDataJSON: bytes(parts.clientDataJSON),
        getTransports: () => ['internal'],
      },
      getClientExtensionResults: () => ({}),
    },
    json: {
      id: base64url(id),
      rawId: base64url(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        attestationObject: base64url(parts.attestationObject),
        clientDataJSON: base64url(parts.clientDataJSON),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    },
  };
}

/** What the browser throws: NotAllowedError (closed, timed out), InvalidStateError (has one). */
export const browserRefusal = (name: string) => () =>
  Promise.reject(new DOMException(`The browser said ${name}.`, name));

type Options = { signal?: AbortSignal; mediation?: string; publicKey?: Record<string, unknown> };

/** A prompt left open until `pick` or until the library aborts it (another ceremony starts). */
export function openPrompt() {
  let pick: (credential: unknown) => void = () => undefined;
  const answer = (options: Options) =>
    new Promise((resolve, reject) => {
      pick = resolve;
      options.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
  return { answer, pick: (credential: unknown) => pick(credential) };
}

/**
 * Gives jsdom a WebAuthn: passkeys supported, and offered in the address field's autofill when
 * `autofill`. Undone by `vi.unstubAllGlobals()` and `removeWebAuthn()`.
 */
export function fakeWebAuthn({ autofill = false } = {}) {
  const create = vi.fn<(options: Options) => Promise<unknown>>();
  const get = vi.fn<(options: Options) => Promise<unknown>>();
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(() => undefined, { isConditionalMediationAvailable: async () => autofill }),
  );
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: { create, get },
  });
  return { create, get };
}

export function removeWebAuthn() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
}
