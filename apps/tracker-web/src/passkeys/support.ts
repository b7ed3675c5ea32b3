// Whether this browser has WebAuthn at all: a module of its own, so a page can decide whether to
// offer a passkey button without loading the ceremony's code (webauthn.ts), which it imports only
// once a button is pressed.

/** True when this browser has WebAuthn at all (a button that starts a ceremony can be shown). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
