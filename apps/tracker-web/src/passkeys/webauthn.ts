import type { PasskeyCredential } from '@app/contracts';
import { passkeysSupported } from './support.ts';

// The browser's side of a passkey ceremony, through @simplewebauthn/browser. The library is loaded
// only when a ceremony starts (or when a page asks whether the browser can offer passkeys in the
// address field), so pages that never use a passkey do not carry it.

type Browser = typeof import('@simplewebauthn/browser');

let loading: Promise<Browser> | undefined;
const browserLibrary = (): Promise<Browser> => {
  loading ??= import('@simplewebauthn/browser');
  return loading;
};

/** What a person is told when the browser's ceremony ends without a key. */
export const PASSKEY_CANCELLED =
  'No passkey was used. Try again, or sign in with your email and password.';
export const PASSKEY_UNSUPPORTED = 'This browser cannot use passkeys.';
/** Adding one on a device that holds a passkey of the account already (the browser refuses). */
export const PASSKEY_ON_DEVICE = 'This device has a passkey for your account already.';

/** The ceremony ended without a credential: cancelled, timed out, or refused by the browser. */
export class PasskeyCeremonyError extends Error {
  constructor(
    message: string,
    readonly reason: 'cancelled' | 'unsupported' | 'superseded',
  ) {
    super(message);
    this.name = 'PasskeyCeremonyError';
  }
}

function ceremonyError(failure: unknown, cancelled: string): PasskeyCeremonyError {
  if (failure instanceof PasskeyCeremonyError) return failure;
  const name = failure instanceof Error ? failure.name : '';
  // The library cancels a ceremony that is still open when another one starts.
  if (name === 'AbortError') return new PasskeyCeremonyError(cancelled, 'superseded');
  if (name === 'NotSupportedError') {
    return new PasskeyCeremonyError(PASSKEY_UNSUPPORTED, 'unsupported');
  }
  return new PasskeyCeremonyError(cancelled, 'cancelled');
}

export { passkeysSupported };

/** True when the browser offers saved passkeys in a field's autofill (conditional UI). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const { browserSupportsWebAuthnAutofill } = await browserLibrary();
  return browserSupportsWebAuthnAutofill();
}

/**
 * How many ceremonies this page has started: the latest is the one the library's abort service
 * would end, so an autofill ceremony no longer wanted ends itself only while it is the latest.
 */
let ceremonies = 0;

/** Makes a new passkey for the server's creation options; the answer to send back to it. */
export async function createPasskey(
  options: Record<string, unknown>,
  cancelled = PASSKEY_CANCELLED,
): Promise<PasskeyCredential> {
  if (!passkeysSupported()) throw new PasskeyCeremonyError(PASSKEY_UNSUPPORTED, 'unsupported');
  const { startRegistration } = await browserLibrary();
  ceremonies += 1;
  try {
    const answer = await startRegistration({
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
    return answer as unknown as PasskeyCredential;
  } catch (failure) {
    // One of the keys the options name as the account's own is on this device.
    if (failure instanceof Error && failure.name === 'InvalidStateError') {
      throw new PasskeyCeremonyError(PASSKEY_ON_DEVICE, 'cancelled');
    }
    throw ceremonyError(failure, cancelled);
  }
}

/** How often an open autofill ceremony checks that it is still wanted. */
const WANTED_CHECK_MS = 200;

/**
 * Asks the browser for one of this site's passkeys for the server's request options. With
 * `autofill`, the browser offers them in the field marked `autocomplete="username webauthn"`
 * and the promise settles only when the person picks one (or another ceremony cancels it).
 * `wanted` says whether the page still wants it: one the page gave up (left, or signed in with
 * the password) while its challenge was on its way is never opened, and one opened in the
 * library's last steps, after the page had given it up, ends itself.
 */
export async function usePasskey(
  options: Record<string, unknown>,
  {
    autofill = false,
    cancelled = PASSKEY_CANCELLED,
    wanted = () => true,
  }: { autofill?: boolean; cancelled?: string; wanted?: () => boolean } = {},
): Promise<PasskeyCredential> {
  if (!passkeysSupported()) throw new PasskeyCeremonyError(PASSKEY_UNSUPPORTED, 'unsupported');
  const { startAuthentication, WebAuthnAbortService } = await browserLibrary();
  if (!wanted()) throw new PasskeyCeremonyError(cancelled, 'superseded');
  ceremonies += 1;
  const mine = ceremonies;
  const watch = autofill
    ? setInterval(() => {
        if (!wanted() && ceremonies === mine) WebAuthnAbortService.cancelCeremony();
      }, WANTED_CHECK_MS)
    : undefined;
  try {
    const answer = await startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      useBrowserAutofill: autofill,
    });
    return answer as unknown as PasskeyCredential;
  } catch (failure) {
    throw ceremonyError(failure, cancelled);
  } finally {
    clearInterval(watch);
  }
}

/** Ends a ceremony still open (an autofill one, when the page is left or a button is used). */
export async function cancelPasskeyCeremony(): Promise<void> {
  if (loading === undefined) return;
  const { WebAuthnAbortService } = await loading;
  WebAuthnAbortService.cancelCeremony();
}
