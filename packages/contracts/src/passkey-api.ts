import * as z from 'zod/mini';
import { endpoint, IdParams } from './endpoints.ts';
import { MemberSignInAnswer } from './member-api.ts';
import {
  Passkey,
  PasskeyAnswer,
  PasskeyList,
  PasskeyOptions,
  PasskeyRegistration,
  PasskeyRename,
} from './passkey-schemas.ts';

export * from './passkey-schemas.ts';

// Passkeys (WebAuthn): the member-facing routes, in a table of their own so the pages that never
// use a passkey (the member's home above all) do not load them; their schemas are in
// passkey-schemas.ts.

/**
 * Passkey sign-in challenges one client may ask for in an hour: each is a row kept for a few
 * minutes, asked for without a sign-in, so asking is limited as a reset request is.
 */
export const PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR = 120;

export const PASSKEY_API = {
  passkeySignInOptions: endpoint({
    method: 'POST',
    url: '/api/session/passkey/options',
    summary: `A challenge to sign in with a passkey (no address: the key names its account). At most ${PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR} an hour from one client; past that 429 with Retry-After`,
    schema: { response: { 200: PasskeyOptions } },
  }),
  passkeySignIn: endpoint({
    method: 'POST',
    url: '/api/session/passkey',
    summary:
      "Sign in with a passkey (user verification required): an operator's passes the second factor too",
    schema: { body: PasskeyAnswer, response: { 200: MemberSignInAnswer } },
  }),
  passkeySecondFactorOptions: endpoint({
    method: 'POST',
    url: '/api/session/second-factor/passkey/options',
    summary: "A challenge for the operator's own passkeys, after the password",
    schema: { response: { 200: PasskeyOptions } },
  }),
  passkeySecondFactor: endpoint({
    method: 'POST',
    url: '/api/session/second-factor/passkey',
    summary: "An operator's passkey as the second factor, after the password",
    schema: { body: PasskeyAnswer, response: { 200: MemberSignInAnswer } },
  }),
  passkeys: endpoint({
    method: 'GET',
    url: '/api/me/passkeys',
    summary: "The member's passkeys (operators: the console's)",
    schema: { response: { 200: PasskeyList } },
  }),
  passkeyRegistrationOptions: endpoint({
    method: 'POST',
    url: '/api/me/passkeys/options',
    summary: 'A challenge to add a passkey (a discoverable credential on this origin)',
    schema: { response: { 200: PasskeyOptions } },
  }),
  registerPasskey: endpoint({
    method: 'POST',
    url: '/api/me/passkeys',
    summary: 'Add the passkey the browser made for the challenge; written to the audit log',
    schema: { body: PasskeyRegistration, response: { 201: Passkey } },
  }),
  renamePasskey: endpoint({
    method: 'PUT',
    url: '/api/me/passkeys/:id',
    summary: "Rename one of the member's passkeys",
    schema: { params: IdParams, body: PasskeyRename, response: { 200: Passkey } },
  }),
  removePasskey: endpoint({
    method: 'DELETE',
    url: '/api/me/passkeys/:id',
    summary: "Remove one of the member's passkeys; written to the audit log",
    schema: { params: IdParams, response: { 204: z.void() } },
  }),
} as const;
