import { call } from '@app/api-client/endpoints';
import { CONSOLE_API, type Passkey } from '@app/contracts';
import { createPasskey } from '../../passkeys/webauthn.ts';

// Adding an operator's own passkey: loaded only when they add one, with the browser's side of the
// ceremony (webauthn.ts), so the console's pages do not carry either.

/** What the operator is told when their device makes no passkey (cancelled, timed out). */
export const PASSKEY_NOT_MADE = 'No passkey was made. Try again, and follow what your device asks.';

/**
 * The password again (the tracker's challenge is given only for it), then the device makes a
 * passkey for the challenge, then the tracker keeps it under `name` (its own default without one).
 */
export async function addOwnPasskey(password: string, name: string | undefined): Promise<Passkey> {
  const { options } = await call(CONSOLE_API.operatorPasskeyOptions, { password });
  const credential = await createPasskey(options, PASSKEY_NOT_MADE);
  return call(
    CONSOLE_API.registerOperatorPasskey,
    name === undefined || name === '' ? { credential } : { credential, name },
  );
}
