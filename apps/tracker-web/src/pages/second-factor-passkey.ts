import { call } from '@app/api-client/endpoints';
import { PASSKEY_API } from '@app/contracts';
// Not a React hook, whatever its name: the browser's ceremony (navigator.credentials.get).
import { usePasskey as askForPasskey, PasskeyCeremonyError } from '../passkeys/webauthn.ts';

// An operator's passkey as the second factor after the password: loaded only when they choose it,
// with the passkeys' routes (PASSKEY_API) and the browser's side of the ceremony (webauthn.ts).

/** What the operator is told when their device gives no passkey (cancelled, timed out). */
export const NO_PASSKEY_USED =
  'No passkey was used. Try again, or enter the code from your authenticator app.';
/** What the operator is told when their account has no passkey to ask the device for. */
export const NO_PASSKEY_ADDED =
  'You have no passkey for the console yet. Enter the code from your authenticator app; you can add a passkey on the Operators page.';

/**
 * The tracker's challenge for the operator's own passkeys, the device's answer, and the tracker's
 * check of it: the session has passed the second factor once this resolves.
 */
export async function passkeyAsSecondFactor() {
  const { options } = await call(PASSKEY_API.passkeySecondFactorOptions);
  // The challenge names the operator's own keys: none, and no device could answer it.
  const keys = options.allowCredentials;
  if (!Array.isArray(keys) || keys.length === 0) {
    throw new PasskeyCeremonyError(NO_PASSKEY_ADDED, 'unsupported');
  }
  const credential = await askForPasskey(options, { cancelled: NO_PASSKEY_USED });
  return call(PASSKEY_API.passkeySecondFactor, { credential });
}
