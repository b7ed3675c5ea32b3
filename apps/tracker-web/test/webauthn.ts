import { vi } from 'vitest';

// A browser's WebAuthn for jsdom, beneath @simplewebauthn/browser: PublicKeyCredential and
// navigator.credentials, whose create and get a test answers with a made-up key, a refusal of the
// browser's, or a prompt left open (the address field's autofill) until it picks or is aborted.
// The ceremony's real checks are the browser tests' (a virtual authenticator in Chromium).

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const base64url = (text: string) => Buffer.from(text).toString('base64url');

/**
 * A credential as the browser hands it back (the response's `parts` as bytes) and the JSON the
 * library makes of it (the same parts in base64url), each with what only it carries.
 */
function credentialOf(
  id: string,
  parts: Record<string, string>,
  only: { credential?: Record<string, unknown>; json?: Record<string, unknown> } = {},
) {
  const encoded = <T>(encode: (text: string) => T) =>
    Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, encode(text)]));
  const common = { id: base64url(id), type: 'public-key', authenticatorAttachment: 'platform' };
  return {
    credential: {
      ...common,
      rawId: bytes(id),
      response: { ...encoded(bytes), ...only.credential },
      getClientExtensionResults: () => ({}),
    },
    json: {
      ...common,
      rawId: base64url(id),
      response: { ...encoded(base64url), ...only.json },
      clientExtensionResults: {},
    },
  };
}

/** A key the browser hands back from get(), and the JSON the library makes of it. */
export function assertion(id = 'key-one') {
  return credentialOf(id, {
    authenticatorData: `authenticator data of ${id}`,
    clientDataJSON: `{"type":"webauthn.get","id":"${id}"}`,
    signature: `signature of ${id}`,
    userHandle: 'the account',
  });
}

/** A new key the browser hands back from create(), and the JSON the library makes of it. */
export function attestation(id = 'key-new') {
  return credentialOf(
    id,
    {
      attestationObject: `attestation of ${id}`,
      clientDataJSON: `{"type":"webauthn.create","id":"${id}"}`,
    },
    {
      credential: { getTransports: () => ['internal'] },
      json: { transports: ['internal'] },
    },
  );
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
