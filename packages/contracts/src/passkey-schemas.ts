import * as z from 'zod/mini';
import { oneLineText } from './schemas.ts';

// Passkeys (WebAuthn): the schemas both the members' routes (PASSKEY_API, passkey-api.ts) and the
// console's (CONSOLE_API) use, in a module of their own, so the console's pages load these without
// the members' routes, and the pages that never use a passkey load neither.

/** The longest passkey name, in characters. */
export const PASSKEY_NAME_MAX = 60;
export const PasskeyName = z.pipe(
  z.string().check(z.trim()),
  oneLineText(
    PASSKEY_NAME_MAX,
    `Give the passkey a name of at most ${PASSKEY_NAME_MAX} characters.`,
  ),
);

/**
 * What the browser's WebAuthn call answered (PublicKeyCredential.toJSON(), as
 * @simplewebauthn/browser gives it), checked by the server's WebAuthn library.
 */
export const PasskeyCredential = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.optional(z.record(z.string(), z.unknown())),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(64))),
});
export type PasskeyCredential = z.infer<typeof PasskeyCredential>;
export const PasskeyAnswer = z.object({ credential: PasskeyCredential });
export const PasskeyRegistration = z.object({
  credential: PasskeyCredential,
  name: z.optional(PasskeyName),
});
export const PasskeyRename = z.object({ name: PasskeyName });
/** The options for the browser's WebAuthn call (navigator.credentials.create or get), as JSON. */
export const PasskeyOptions = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;
/** One of the account's passkeys, as its owner sees it. */
export const Passkey = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.nullable(z.iso.datetime()),
});
export type Passkey = z.infer<typeof Passkey>;
export const PasskeyList = z.object({ passkeys: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;
