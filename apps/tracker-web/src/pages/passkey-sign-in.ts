import { call } from '@app/api-client/endpoints';
import { PASSKEY_API, type PasskeyCredential } from '@app/contracts';
import { ceremonyRefusal } from '../passkeys/refusal.ts';
import { usePasskey as askForPasskey, passkeyAutofillSupported } from '../passkeys/webauthn.ts';

// A sign-in with a passkey alone (a discoverable credential: no address is typed). Loaded by the
// sign-in screen after it is drawn, with the browser's WebAuthn library only once a ceremony
// starts, so the screen's first load carries neither.

export { cancelPasskeyCeremony } from '../passkeys/webauthn.ts';

/**
 * A passkey of this site, from the browser's prompt (or, with `autofill`, from the address
 * field's suggestions, settling only once one is picked), for a challenge the tracker hands out.
 */
async function choosePasskey(
  autofill: boolean,
  wanted?: () => boolean,
): Promise<PasskeyCredential> {
  // One challenge asked for at a time: the tracker ties the latest to this browser (a cookie), so
  // the button's must not be answered before the autofill's still on its way.
  const asked = asking.catch(() => undefined).then(() => call(PASSKEY_API.passkeySignInOptions));
  asking = asked;
  const { options } = await asked;
  return askForPasskey(options, { autofill, ...(wanted ? { wanted } : {}) });
}
let asking: Promise<unknown> = Promise.resolve();

/** Signs in with the passkey chosen: the same answer as a sign-in with the password. */
export const signInWithPasskey = (credential: PasskeyCredential) =>
  call(PASSKEY_API.passkeySignIn, { credential });

/**
 * The button's sign-in: the browser's prompt, then the tracker's answer. A prompt that ends
 * without a key is refused in plain words.
 */
export const signInWithButton = async () =>
  signInWithPasskey(await ceremonyRefusal(choosePasskey(false)));

/**
 * Where the browser offers passkeys in the address field (conditional UI): waits until one is
 * picked there, then gives the sign-in to send; null when none is offered or picked (the
 * ceremony cancelled, or replaced by the button's). `wanted` says whether the page still wants
 * the ceremony: one given up while its challenge is on its way is never opened.
 */
export async function pickFromAutofill(wanted: () => boolean) {
  if (!(await passkeyAutofillSupported()) || !wanted()) return null;
  const credential = await choosePasskey(true, wanted).catch(() => null);
  return credential && (() => signInWithPasskey(credential));
}
